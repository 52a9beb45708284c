/** The part of a form (Mantine's useForm) that takes field errors. */
export interface ErrorTarget {
  setErrors(errors: Record<string, string | undefined>): void;
}

/**
 * The server's messages (an ApiError's `errors`, field -> message) for the form's own fields;
 * messages about fields the form does not show are left out, because no field could show them.
 */
export function fieldErrorsFor<Field extends string>(
  errors: Readonly<Record<string, string>> | undefined,
  fields: readonly Field[],
): Partial<Record<Field, string>> {
  const found: Partial<Record<Field, string>> = {};
  for (const field of fields) {
    const message = errors?.[field];
    if (message) found[field] = message;
  }
  return found;
}

/** Shows the server's field messages on the form, replacing the errors it showed before. */
export function showServerFieldErrors<Field extends string>(
  form: ErrorTarget,
  errors: Readonly<Record<string, string>> | undefined,
  fields: readonly Field[],
): void {
  form.setErrors(fieldErrorsFor(errors, fields));
}
