// Identification (spec 3 "Identification state per method", spec 7 "Identification"): start,
// read and cancel an identification with a provider and method, and the detail of a person's
// signature qualities with their identifications.
import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { ZLegislation, ZSignatureQualities } from './user.js';

const tags = ['Identification'];

export const ZIdentificationProvider = z.enum(['srs', 'intrum']);
export const ZIdentificationMethod = z.enum(['video', 'robo', 'autoident']);
export const ZIdentificationStatus = z.enum(['initialized', 'inprogress', 'success', 'failure', 'cancelled']);

export const ZIdentification = z.object({
  id: z.string(),
  provider: ZIdentificationProvider,
  method: ZIdentificationMethod,
  legislation: ZLegislation,
  status: ZIdentificationStatus,
  /** spec 3: the appointment status as shown (initialized, inprogress, activatingQES, failure) */
  progress: z.enum(['initialized', 'inprogress', 'activatingQES', 'failure']).nullable(),
  /** where the person completes the identification, while it is open */
  url: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Identification = z.infer<typeof ZIdentification>;

const ZMethodParams = z.object({ provider: ZIdentificationProvider, method: ZIdentificationMethod });

export const startIdentification = defineEndpoint({
  method: 'POST',
  path: '/v1/user/identification/{provider}/{method}',
  summary:
    'Start an identification (srs video/robo for eIDAS, intrum video/autoident for ZertES); open `url` next',
  tags,
  auth: 'session',
  params: ZMethodParams,
  body: z.strictObject({ signatureRequestId: z.string().min(1).max(64).optional() }),
  response: ZIdentification,
  successStatus: 201,
});

export const getIdentification = defineEndpoint({
  method: 'GET',
  path: '/v1/user/identification/{provider}/{method}',
  summary: 'The newest identification with this method and its status',
  tags,
  auth: 'session',
  params: ZMethodParams,
  response: ZIdentification,
});

export const cancelIdentification = defineEndpoint({
  method: 'DELETE',
  path: '/v1/user/identification/{provider}/{method}',
  summary: 'Cancel the open identification with this method',
  tags,
  auth: 'session',
  params: ZMethodParams,
  response: ZIdentification,
});

export const ZSignatureQualitiesDetail = z.object({
  signatureQualities: ZSignatureQualities,
  highestQuality: z.enum(['none', 'ses', 'aes', 'qes', 'demo']),
  identificationOngoing: z.boolean(),
  identifications: z.array(ZIdentification),
});

export const signatureQualitiesDetail = defineEndpoint({
  method: 'GET',
  path: '/v3/user/signature-qualities-detail',
  summary: 'The qualities the caller may sign with, the highest one (spec 4), and their identifications',
  tags,
  auth: 'session',
  response: ZSignatureQualitiesDetail,
});

export const directSignatureQualitiesDetail = defineEndpoint({
  method: 'GET',
  path: '/v3/direct/user/signature-qualities-detail',
  summary:
    "The link holder's qualities: simple only, unless the link's address belongs to an account, whose qualities count",
  tags,
  auth: 'direct',
  query: z.object({ token: z.string().min(20).max(200) }),
  response: ZSignatureQualitiesDetail,
});

export const identificationEndpoints = {
  startIdentification,
  getIdentification,
  cancelIdentification,
  signatureQualitiesDetail,
  directSignatureQualitiesDetail,
};
