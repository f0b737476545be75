/**
 * Writes packages/server/data/zipcodes-sample.txt: a SYNTHETIC postal-code file in the official
 * SEPOMEX layout and encoding (pipe-delimited, ISO-8859-1, CRLF), used by the demo seed and the
 * tests. Real municipality and state names, invented codes and settlements: it is not an extract of
 * the official catalogue, which may not be redistributed (docs/zipcodes.md).
 *
 *   pnpm --filter @anaquel/server exec tsx src/cli/generate-zipcodes-sample.ts
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SEPOMEX_COLUMNS } from '../zipcodes/sepomex.ts';

interface StateSeed {
  key: string;
  name: string;
  city: string;
  firstZip: number;
  municipalities: string[];
}

const STATES: StateSeed[] = [
  {
    key: '09',
    name: 'Ciudad de México',
    city: 'Ciudad de México',
    firstZip: 6000,
    municipalities: ['Cuauhtémoc', 'Álvaro Obregón', 'Coyoacán', 'Benito Juárez'],
  },
  {
    key: '14',
    name: 'Jalisco',
    city: 'Guadalajara',
    firstZip: 44100,
    municipalities: ['Guadalajara', 'Zapopan', 'Tlaquepaque'],
  },
  {
    key: '19',
    name: 'Nuevo León',
    city: 'Monterrey',
    firstZip: 64000,
    municipalities: ['Monterrey', 'San Pedro Garza García', 'Guadalupe'],
  },
  {
    key: '31',
    name: 'Yucatán',
    city: 'Mérida',
    firstZip: 97000,
    municipalities: ['Mérida', 'Progreso', 'Umán'],
  },
  {
    key: '21',
    name: 'Puebla',
    city: 'Puebla',
    firstZip: 72000,
    municipalities: ['Puebla', 'San Andrés Cholula', 'Atlixco'],
  },
  {
    key: '22',
    name: 'Querétaro',
    city: 'Santiago de Querétaro',
    firstZip: 76000,
    municipalities: ['Querétaro', 'Corregidora', 'El Marqués'],
  },
  {
    key: '15',
    name: 'México',
    city: 'Toluca de Lerdo',
    firstZip: 50000,
    municipalities: ['Toluca', 'Metepec', 'Naucalpan de Juárez'],
  },
  {
    key: '16',
    name: 'Michoacán de Ocampo',
    city: 'Morelia',
    firstZip: 58000,
    municipalities: ['Morelia', 'Pátzcuaro', 'Uruapan'],
  },
  {
    key: '20',
    name: 'Oaxaca',
    city: 'Oaxaca de Juárez',
    firstZip: 68000,
    municipalities: ['Oaxaca de Juárez', 'Santa Lucía del Camino', 'Santa Cruz Xoxocotlán'],
  },
  {
    key: '11',
    name: 'Guanajuato',
    city: 'León de los Aldama',
    firstZip: 37000,
    municipalities: ['León', 'Guanajuato', 'Irapuato'],
  },
];

const SETTLEMENT_NAMES = [
  'Centro',
  'San José',
  'Santa María',
  'La Asunción',
  'El Mirador',
  'Los Álamos',
  'Las Águilas',
  'Jardines de la Peña',
  'Lomas del Río',
  'Valle Dorado',
  'Santa Úrsula',
  'Niños Héroes',
  'Benito Juárez',
  'Emiliano Zapata',
  'Independencia',
  'Reforma',
  'La Cañada',
  'Los Pinos',
  'El Ocotal',
  'Arboledas',
  'Villa de las Flores',
  'Hacienda San Martín',
  'Prados del Sol',
  'Bugambilias',
  'Tecnológico',
  'Magisterial',
  'Insurgentes',
  'Revolución',
  'Guadalupe',
  'La Piedad',
  'San Miguelito',
  'Santa Cecilia',
  'Campestre',
  'Obrera',
  'Ferrocarrilera',
  'Nueva España',
  'Héroes de la Patria',
  'Lázaro Cárdenas',
  'El Fénix',
  'Ampliación Peñón',
];
const SUFFIXES = [
  '',
  ' Norte',
  ' Sur',
  ' Oriente',
  ' Poniente',
  ' Primera Sección',
  ' Segunda Sección',
];
const TYPES: Array<[name: string, code: string]> = [
  ['Colonia', '09'],
  ['Colonia', '09'],
  ['Fraccionamiento', '21'],
  ['Barrio', '02'],
  ['Unidad habitacional', '31'],
  ['Pueblo', '28'],
  ['Residencial', '37'],
];

// A fixed linear congruential generator: the file must come out byte-identical on every run.
let seed = 20260;
function random(): number {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
}
function pick<T>(items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

export function buildSampleLines(): string[] {
  const lines = [
    'Archivo SINTÉTICO de ejemplo de Anaquel con el formato del catálogo de códigos postales de SEPOMEX; los códigos y asentamientos son inventados.',
    SEPOMEX_COLUMNS.join('|'),
  ];
  let settlementId = 1;
  for (const state of STATES) {
    let zip = state.firstZip;
    state.municipalities.forEach((municipality, municipalityIndex) => {
      const municipalityCode = String(municipalityIndex + 2).padStart(3, '0');
      // The last municipality of each state (except Mexico City) is rural: no city.
      const rural = state.key !== '09' && municipalityIndex === state.municipalities.length - 1;
      for (let zipIndex = 0; zipIndex < 4; zipIndex += 1) {
        zip += 10 + Math.floor(random() * 40);
        const code = String(zip).padStart(5, '0');
        const office = `${code.slice(0, 3)}01`;
        const count = 1 + Math.floor(random() * 4);
        const used = new Set<string>();
        for (let index = 0; index < count; index += 1) {
          let name =
            zipIndex === 0 && index === 0 && municipalityIndex === 0
              ? 'Centro'
              : pick(SETTLEMENT_NAMES) + pick(SUFFIXES);
          while (used.has(name)) name = pick(SETTLEMENT_NAMES) + pick(SUFFIXES);
          used.add(name);
          const [typeName, typeCode] = rural ? (['Pueblo', '28'] as const) : pick(TYPES);
          lines.push(
            [
              code,
              name,
              typeName,
              municipality,
              state.name,
              rural ? '' : state.city,
              office,
              state.key,
              office,
              '',
              typeCode,
              municipalityCode,
              String(settlementId).padStart(4, '0'),
              rural ? 'Rural' : 'Urbano',
              rural ? '' : '01',
            ].join('|'),
          );
          settlementId += 1;
        }
      }
    });
  }
  return lines;
}

const isMain = process.argv[1] === fileURLToPath(import.meta.url);
if (isMain) {
  const target = fileURLToPath(new URL('../../data/zipcodes-sample.txt', import.meta.url));
  const lines = buildSampleLines();
  writeFileSync(target, Buffer.from(lines.join('\r\n') + '\r\n', 'latin1'));
  console.log(`${lines.length - 2} asentamientos escritos en ${target}`);
}
