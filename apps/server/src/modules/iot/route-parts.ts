import { errorBody } from '@gasops/shared';

/** The OpenAPI tag of every IoT route. */
export const tags = ['iot'];
/** The error answers of the IoT back-office routes (devices, store devices, residual gas). */
export const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
