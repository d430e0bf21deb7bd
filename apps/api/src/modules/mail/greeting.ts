/** A person's first name, as every e-mail greets them ("Olá, Ana."). */
export const firstName = (name: string) => name.split(' ')[0] ?? name;
