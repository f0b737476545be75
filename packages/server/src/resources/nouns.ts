// Spanish wording of the server's messages about a master-data entity (spec 2 §8 style).

export interface Noun {
  /** Lower-case singular: 'marca', 'punto de venta'. */
  singular: string;
  feminine: boolean;
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** 'la marca', 'el punto de venta'. */
const definite = (noun: Noun) => `${noun.feminine ? 'la' : 'el'} ${noun.singular}`;
/** 'una marca', 'un punto de venta'. */
const indefinite = (noun: Noun) => `${noun.feminine ? 'una' : 'un'} ${noun.singular}`;

export const messages = {
  notFound: (noun: Noun) => `${capitalize(definite(noun))} no existe.`,
  duplicate: (noun: Noun, fieldLabel: string) =>
    `Ya existe ${indefinite(noun)} con ese ${fieldLabel}.`,
  inUse: (noun: Noun) => `No se puede eliminar ${definite(noun)} porque está en uso.`,
};
