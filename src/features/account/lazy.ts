// The parts loaded on demand (the user menu's 'Change password' opens the dialog when clicked).
export { PasswordModal } from './PasswordModal.tsx';
