import { isPromoterProfile } from '@anaquel/api/rules';
import { z } from 'zod';
import type { FormMode } from '../../components/resource';
import { isActiveRule, limitedText, requiredIdRule } from '../../components/resource/rules';
import { newPasswordSchema } from '../../lib/password-rules';

const userMessages = {
  nameRequired: 'El nombre es obligatorio',
  nameMax: 'El nombre no puede exceder 100 caracteres',
  lastNameRequired: 'El apellido es obligatorio',
  lastNameMax: 'El apellido no puede exceder 100 caracteres',
  dateOfBirthRequired: 'La fecha de nacimiento es obligatoria',
  tooYoung: 'El usuario debe tener al menos 15 años',
  dateOfBirthInvalid: 'La fecha de nacimiento no es válida.',
  emailRequired: 'El correo es obligatorio',
  emailInvalid: 'El correo no es válido',
  emailMax: 'El correo no puede exceder 254 caracteres',
  passwordRequired: 'La contraseña es obligatoria',
  profileRequired: 'El perfil es obligatorio',
  regionsRequired: 'Debe seleccionar al menos una región para el perfil Promotor.',
} as const;

/** spec 2 §9: a user is at least this old. */
const MINIMUM_AGE_YEARS = 15;

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The latest birth date of someone `years` old on `today` ('YYYY-MM-DD', the user's calendar):
 * the same day `years` earlier; someone born on February 29 turns a year older on March 1.
 */
export function latestBirthDate(today: Date = new Date(), years = MINIMUM_AGE_YEARS): string {
  const year = today.getFullYear() - years;
  const month = today.getMonth();
  const day = Math.min(today.getDate(), new Date(year, month + 1, 0).getDate());
  return `${year}-${pad(month + 1)}-${pad(day)}`;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The user form (spec 2 §5 "User"): name and last name required; born at least 15 years ago;
 * a valid e-mail; on create a password with 8+ characters, an uppercase letter, a digit and one
 * of @$!%*?&#; a profile; with the promotor profile at least one region. `profileName` is the
 * chosen profile's name (not sent), which decides whether regions are required.
 */
export function userSchema(mode: FormMode, today: () => Date = () => new Date()) {
  return z
    .object({
      name: limitedText(100, { required: userMessages.nameRequired, max: userMessages.nameMax }),
      lastName: limitedText(100, {
        required: userMessages.lastNameRequired,
        max: userMessages.lastNameMax,
      }),
      dateOfBirth: z
        .string({ error: userMessages.dateOfBirthRequired })
        .nullable()
        .refine((date) => !!date, { error: userMessages.dateOfBirthRequired })
        .refine((date) => !date || (ISO_DATE.test(date) && date >= '1900-01-01'), {
          error: userMessages.dateOfBirthInvalid,
        })
        .refine((date) => !date || date <= latestBirthDate(today()), {
          error: userMessages.tooYoung,
        })
        .transform((date) => date as string),
      email: z
        .string()
        .trim()
        .min(1, { error: userMessages.emailRequired })
        .max(254, { error: userMessages.emailMax })
        .pipe(z.email({ error: userMessages.emailInvalid })),
      // An edit never changes the password here (the admin uses 'Cambiar Contraseña').
      password:
        mode === 'create'
          ? newPasswordSchema(userMessages.passwordRequired, { special: true })
          : z.string(),
      profileId: requiredIdRule(userMessages.profileRequired),
      profileName: z.string(),
      regionIds: z.array(z.number().int().positive()),
      profileImage: z.instanceof(File).nullable(),
      /** The stored picture's file id, shown until a new file is chosen (never sent). */
      profileImageUrl: z.string().nullable(),
      isActive: isActiveRule,
    })
    .refine(
      ({ profileName, regionIds }) => !isPromoterProfile(profileName) || regionIds.length > 0,
      {
        path: ['regionIds'],
        error: userMessages.regionsRequired,
        // Checked while other fields are still invalid: the regions' message shows at once.
        when: ({ value }) => {
          const { profileName, regionIds } = (value ?? {}) as Record<string, unknown>;
          return typeof profileName === 'string' && Array.isArray(regionIds);
        },
      },
    );
}

type UserSchema = ReturnType<typeof userSchema>;
export type UserValues = z.input<UserSchema>;
export type UserOutput = z.output<UserSchema>;
