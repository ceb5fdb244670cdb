-- An enrolment keeps every impression of the finger (a later press is compared with each), stored
-- as one 'pointage-set-v1' row (src/fingerprint/template/stored.ts). The formats the engine reads
-- are the only ones accepted: a row it cannot read would silently never match.
alter table public.biometric_enrolments
  add constraint biometric_enrolments_template_format_known
  check (template_format in ('pointage-v1', 'pointage-set-v1', 'iso-19794-2'));
