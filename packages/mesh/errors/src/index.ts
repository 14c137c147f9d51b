export {
  MESH_ERROR_BRAND,
  MeshError,
  type MeshErrorCode,
  type MeshErrorOptions,
} from "./mesh-error.js";
export {
  MeshAuthError,
  MeshGatewayError,
  type MeshGatewayErrorOptions,
} from "./mesh-gateway-error.js";
export { MeshValidationError, type MeshValidationErrorCode } from "./mesh-validation-error.js";
