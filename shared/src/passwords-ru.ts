// A Russian dictionary for the password estimator: no @zxcvbn-ts/language-ru package exists. Words
// Russian speakers put in passwords most (names, pet names, football clubs, cities, "пароль"), roughly
// by frequency, each also as typed on a Latin keyboard layout ("пароль" → "gfhjkm") and in Latin
// transliteration ("parol"), the two ways such words usually end up in a password.
const WORDS = `
пароль привет любовь солнце солнышко котик котенок зайка зайчик рыбка малыш малышка люблю ялюблютебя
наташа наталья светлана света татьяна таня ольга оля елена лена ирина ира марина анна аня анастасия
настя екатерина катя мария маша юлия юля дарья даша ксюша ксения алена алина кристина виктория вика
надежда надя людмила галина валентина александр саша сергей серега андрей алексей леша дмитрий дима
максим иван ваня владимир вова николай коля михаил миша денис евгений женя павел паша роман рома
артем игорь олег виктор антон никита кирилл россия москва питер родина спартак зенит динамо цска
локомотив мама папа семья свобода счастье удача победа ангел ангелочек дракон тигр медведь волк лиса
кошка собака машина компьютер интернет секрет админ доступ вход логин работа школа весна лето осень
зима хорошо отлично мышка пушистик барсик мурзик шарик цветок ромашка звезда небо море жизнь мечта
судьба гитара музыка футбол хоккей танки мастер король царь принцесса королева пупсик лапочка
любимая любимый милый милая красотка трекер задача проект
`;

const LAYOUT: Record<string, string> = Object.fromEntries(
  [...'йцукенгшщзхъфывапролджэячсмитьбюё'].map((ch, i) => [ch, "qwertyuiop[]asdfghjkl;'zxcvbnm,.`"[i]!]),
);
const TRANSLIT: Record<string, string> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ё: 'e', ж: 'zh', з: 'z', и: 'i', й: 'y', к: 'k', л: 'l', м: 'm', н: 'n', о: 'o',
  п: 'p', р: 'r', с: 's', т: 't', у: 'u', ф: 'f', х: 'h', ц: 'ts', ч: 'ch', ш: 'sh', щ: 'sch', ъ: '', ы: 'y', ь: '', э: 'e', ю: 'yu', я: 'ya',
};
const convert = (word: string, table: Record<string, string>) => [...word].map((ch) => table[ch] ?? ch).join('');

const words = WORDS.split(/\s+/).filter(Boolean);
/** Ordered by rank: the Cyrillic word first, then its layout and transliterated forms. */
export const RU_PASSWORD_WORDS: readonly string[] = [...new Set(words.flatMap((w) => [w, convert(w, LAYOUT), convert(w, TRANSLIT)]))];
