/** How operators recognise a user: their e-mail, else their phone number. */
export function contactOf(user: {
  email: string | null;
  area_code: string | null;
  mobile: string | null;
}): string {
  if (user.email) return user.email;
  return user.mobile ? `${user.area_code ?? ''} ${user.mobile}`.trim() : '';
}
