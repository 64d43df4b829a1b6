/** The public face of account/: what other folders may use. */
import './LoginPage.css';
export { AccountPrompts } from './AccountPrompts';
export { CaptchaField, type CaptchaHandle } from './CaptchaField';
export { resendEmailCode, resendPendingCode, submitEmailCode, submitPendingCode } from './accountApi';
export { authFailureMessage, type AuthMessage } from './authErrors';
export {
  type AuthField,
  type AuthFields,
  type AuthMode,
  canSubmit,
  digitsOnly,
  emptyAuthFields,
  type FieldErrors,
  modeNeeds,
  validateAuthForm,
  withoutPasswords,
} from './authForm';
export { formatBanExpiry, isBanned } from './banInfo';
export { PhoneVerificationHost } from './phone/PhoneVerificationHost';
export { openPhoneVerification } from './phone/phoneStore';
export { type EmailAction, emailFailure, type PageMessage } from './verifyMessages';
