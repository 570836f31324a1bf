/** Surveys: the list and each survey's form (/surveys/). */
import { defineArea } from '../../collections/area-manifest.ts';

export default defineArea({
  name: 'surveys',
  records: ['survey'],
  collections: {
    surveys: ['survey'],
    surveyForms: ['survey'],
  },
  boundaries: {
    surveyForms: [{ field: 'closesAt', type: 'survey' }],
    surveys: [{ field: 'closesAt', type: 'survey' }],
  },
});
