import { ActionFailure, type ActionHandler } from '../action-context';

export const completion: ActionHandler<'completion'> = async (action) => ({
  message: action.answer,
  data: { success: action.success, answer: action.answer },
});

// Reading mail and SMS needs a persona: an identity whose inbox and number the service receives for.
const needsPersona = (what: string) =>
  new ActionFailure(
    `Reading ${what} needs a persona attached to the session, and this service has no personas yet`,
    `${what} are received through personas (POST /personas/create); sessions cannot have one attached in this version`,
  );

export const emailRead: ActionHandler<'email_read'> = async () => {
  throw needsPersona('e-mails');
};

export const smsRead: ActionHandler<'sms_read'> = async () => {
  throw needsPersona('SMS messages');
};
