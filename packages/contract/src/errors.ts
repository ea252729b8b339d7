import { z } from 'zod';

/** Every error code the API answers with (CONTRACT §3), with its HTTP status and default Spanish message. */
export const ERROR_CODES = {
  VALIDATION_ERROR: { status: 400, message: 'Los datos enviados no son válidos' },
  UNAUTHORIZED: { status: 401, message: 'Sesión inválida o expirada. Inicie sesión nuevamente.' },
  INVALID_CREDENTIALS: { status: 401, message: 'Credenciales inválidas' },
  MFA_REQUIRED: { status: 401, message: 'Se requiere el código de verificación' },
  INVALID_MFA_CODE: { status: 401, message: 'Código de verificación inválido' },
  FORBIDDEN: { status: 403, message: 'No tiene permisos para realizar esta acción' },
  PASSWORD_CHANGE_REQUIRED: { status: 403, message: 'Debe cambiar su contraseña antes de continuar' },
  APPROVAL_PENDING: { status: 403, message: 'Su alta está pendiente de aprobación por el banco' },
  REGISTRATION_REJECTED: { status: 403, message: 'Su solicitud de alta fue rechazada por el banco' },
  NOT_FOUND: { status: 404, message: 'Recurso no encontrado' },
  CONFLICT: { status: 409, message: 'La operación no es posible en el estado actual' },
  INVALID_TRANSITION: { status: 409, message: 'La transición de estado no está permitida' },
  DUPLICATE: { status: 409, message: 'Ya existe un registro con esos datos' },
  IDEMPOTENCY_MISMATCH: { status: 409, message: 'La clave de idempotencia ya se usó con otro contenido' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'El contenido enviado es demasiado grande' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Tipo de contenido no soportado. Use application/json.' },
  RATE_LIMITED: { status: 429, message: 'Demasiados intentos. Intente nuevamente más tarde.' },
  INTERNAL_ERROR: { status: 500, message: 'Error interno del servidor' },
  COELSA_NOT_CONFIGURED: {
    status: 503,
    message: 'COELSA no está configurado. Contacte al administrador del sistema.',
  },
  COELSA_NOT_AVAILABLE: {
    status: 503,
    message: 'COELSA no está disponible en este momento. Intente más tarde.',
  },
  SANDBOX_NOT_CONFIGURED: {
    status: 503,
    message: 'El sandbox de COELSA no está configurado. Contacte al administrador.',
  },
  NOT_READY: { status: 503, message: 'El servidor no está listo para atender solicitudes' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;
export const errorCodeSchema = z.enum(Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]]);

export const errorBodySchema = z.object({
  success: z.literal(false),
  message: z.string(),
  code: errorCodeSchema,
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
