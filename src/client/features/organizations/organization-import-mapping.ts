import { fieldNames } from '../../../shared/fields.ts';
import {
  ORGANIZATION_FIELDS,
  type OrganizationImportRow,
} from '../../../shared/organizations.schema.ts';
import { textFieldSpecs, type ImportKind } from '../contacts/import-mapping.ts';

type OrganizationImportField = 'name' | keyof typeof ORGANIZATION_FIELDS;

const TEXT = textFieldSpecs(ORGANIZATION_FIELDS);

/**
 * The organizations import: a name is what a row needs. The export's People and Created
 * columns are counted and dated by Keel, so they map to nothing.
 */
export const ORGANIZATION_IMPORT: ImportKind<OrganizationImportField, OrganizationImportRow> = {
  fields: [
    {
      value: 'name',
      label: 'Name',
      headers: [
        'name',
        'organization',
        'organisation',
        'organizationname',
        'organisationname',
        'company',
        'companyname',
        'account',
        'accountname',
      ],
    },
    ...TEXT.short,
    ...TEXT.long,
  ],
  mapsRequired: (mapping) => mapping.includes('name'),
  toRow(values) {
    const row: OrganizationImportRow = { name: values.name };
    for (const name of fieldNames(ORGANIZATION_FIELDS)) row[name] = values[name];
    return row;
  },
};
