import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import notificationsEn from '../../i18n/locales/en/notifications.json';
import notificationsFr from '../../i18n/locales/fr/notifications.json';
import { notificationText } from './index.ts';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({
    lng: 'en',
    resources: {
      en: { translation: { notifications: notificationsEn } },
      fr: { translation: { notifications: notificationsFr } },
    },
    interpolation: { escapeValue: false },
  });
});

describe('notificationText', () => {
  it('shows a system notification from its code and params, in the reader’s language', () => {
    const row = { code: 'salary.released', params: { period: '2026-07-02' }, title: null, message: null };
    expect(notificationText(i18n.getFixedT('en'), row)).toEqual({
      title: 'Salary released',
      message: 'Your salary for period 2026-07-02 was released.',
    });
    expect(notificationText(i18n.getFixedT('fr'), row)).toEqual({
      title: 'Salaire versé',
      message: 'Votre salaire de la période 2026-07-02 a été versé.',
    });
  });

  it('translates the words parameters carry', () => {
    const row = { code: 'account.role_request_answered', params: { role: 'manager', decision: 'approved' } };
    expect(notificationText(i18n.getFixedT('en'), row).message).toBe(
      'Your request for the manager role was approved.',
    );
    expect(notificationText(i18n.getFixedT('fr'), row).message).toBe(
      'Votre demande du rôle responsable a été acceptée.',
    );
  });

  it("writes a date parameter the reader's way when given the language", () => {
    const row = { code: 'attendance.late_arrival', params: { date: '2026-11-17' } };
    expect(notificationText(i18n.getFixedT('fr'), row, 'fr').message).toBe(
      'Arrivée en retard le 17 nov. 2026.',
    );
    expect(notificationText(i18n.getFixedT('en'), row, 'en').message).toBe(
      'You checked in late on Nov 17, 2026.',
    );
  });

  it('keeps the words of a notification a person wrote', () => {
    expect(
      notificationText(i18n.getFixedT('fr'), { code: null, title: 'Réunion', message: 'Demain 9 h' }),
    ).toEqual({
      title: 'Réunion',
      message: 'Demain 9 h',
    });
  });

  it('shows a generic text for an unknown code, never the code', () => {
    expect(notificationText(i18n.getFixedT('en'), { code: 'nothing.known', params: {} })).toEqual({
      title: 'Notification',
      message: 'You have a new notification.',
    });
  });
});
