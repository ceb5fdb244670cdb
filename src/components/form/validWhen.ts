// A form rule for a value the format of which code checks (a routing number, a date after today):
// an empty field passes (the `required` rule, when there is one, speaks then), otherwise `valid`
// decides and `message` is what the field shows.
export const validWhen = (valid: (value: string) => boolean, message: string) => ({
  validator: (_: unknown, value?: string) =>
    !value || valid(value) ? Promise.resolve() : Promise.reject(new Error(message)),
});
