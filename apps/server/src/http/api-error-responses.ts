import { apiErrorSchema } from '@deck-portal/domain';

/** The error answers every API route may give, for the OpenAPI document. */
export const apiErrorResponses = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  413: apiErrorSchema,
  422: apiErrorSchema,
  429: apiErrorSchema,
  503: apiErrorSchema,
};
