export const paths = {
  list: '/verifications',
  one: (id: string) => `/verifications/${id}`,
};
