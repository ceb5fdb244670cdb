// A person's payment account (issue 29 item 5): the masked card with its dialog, for the employee
// card (admin and HR edit; the person may read their own).
export { PaymentAccountCard } from './PaymentAccountCard.tsx';
