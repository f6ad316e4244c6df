/**
 * What lands of an email reply (docs/product.md#email-replies): only the new text the person wrote,
 * without the quoted history, their signature or their phone's footer.
 *
 * The quote and signature stripping is email-reply-parser's (its "On … wrote:" headers in a dozen
 * languages, `>` quotes, `-- ` and "Sent from …" signatures); an HTML-only reply is first turned
 * into text by html-to-text (its blockquotes become `>` quotes). A few small rules, each named
 * below with the client it is for, run before the parser where it misses a common client's
 * pattern: forwarded messages, Outlook's From/Sent header block, Gmail's wrapped attribution
 * line and the phone footers it does not know.
 */
import EmailReplyParser from 'email-reply-parser';
import { convert, type HtmlToTextOptions } from 'html-to-text';

/** The bodies of a parsed email, as postal-mime's `PostalMime.parse()` returns them. */
export interface ReplyBodies {
  text?: string | null;
  html?: string | null;
}

/**
 * html-to-text's settings for an HTML-only reply: no wrapping, images dropped, links kept as
 * their text (and their address when it differs), headings as written. Outlook for Windows
 * writes each line as a margin-less `<p class=MsoNormal>`, so those are single lines, not
 * paragraphs.
 */
const HTML_OPTIONS: HtmlToTextOptions = {
  wordwrap: false,
  selectors: [
    { selector: 'img', format: 'skip' },
    { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
    { selector: 'p.MsoNormal', format: 'block', options: { leadingLineBreaks: 1, trailingLineBreaks: 1 } },
    ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((selector) => ({ selector, options: { uppercase: false } })),
  ],
};

/**
 * The line a forwarded message starts with; the person's own text is only what is above it.
 * Gmail ("---------- Forwarded message ---------", localised), Thunderbird ("-------- Forwarded
 * Message --------") and Apple Mail ("Begin forwarded message:", localised).
 */
const FORWARD_LINE = new RegExp(
  '^(?:-{2,} ?(?:Forwarded message|Message transféré|Weitergeleitete Nachricht|Mensaje reenviado|' +
    'Doorgestuurd bericht|Mensagem encaminhada|Messaggio inoltrato) ?-{2,}|(?:Begin forwarded message|' +
    'Début du message réexpédié|Anfang der weitergeleiteten Nachricht|Inicio del mensaje reenviado|' +
    'Begin doorgestuurd bericht|Início da mensagem reencaminhada|Inizio messaggio inoltrato) ?:)$',
  'i',
);

/**
 * Outlook's header block above the message it answers or forwards (Windows, Mac, the web and
 * mobile, Windows Mail, Samsung Email): a From line, then within two lines a Sent or Date line
 * and within five a Subject line, in the languages Outlook writes them in. The parser only
 * knows a From line that carries an address in `<>` or `[]` after a blank line.
 */
const BLOCK_FROM = /^(?:From|De|Von|Van|Da) ?:/;
const BLOCK_SENT = /^(?:Sent|Date|Envoyé|Gesendet|Datum|Enviado(?: el)?|Fecha|Verzonden|Inviato|Data) ?:/;
const BLOCK_SUBJECT = /^(?:Subject|Objet|Betreff|Asunto|Onderwerp|Assunto|Oggetto) ?:/;
/**
 * A separator line just above such a block, dropped with it: Outlook's "____…" and
 * "-----Original Message-----" (localised), Samsung's "-------- Original message --------", and
 * the row of dashes html-to-text draws for an `<hr>`.
 */
const BLOCK_SEPARATOR = new RegExp(
  '^(?:_{10,}|-{10,}|-{2,} ?(?:Original Message|Message d.origine|Ursprüngliche Nachricht|' +
    'Mensaje original|Oorspronkelijk bericht|Mensagem original|Messaggio originale) ?-{2,})$',
  'i',
);

/**
 * Phone and app footers the parser does not know (it knows "Sent from …", "Get Outlook for …",
 * "Envoyé de mon …", "Von … gesendet", "Enviado desde …", "Verstuurd vanaf …" and a few more).
 * iOS in Portuguese and Italian; Samsung in German ends its footer with a full stop; Samsung
 * carriers' "Sent via the Samsung Galaxy …"; Proton Mail; Outlook mobile in Spanish, Portuguese,
 * Italian, German and Dutch. Each is a whole line, and only that line is dropped.
 */
const EXTRA_FOOTERS = [
  /^Enviado do meu .+$/,
  /^Inviato da(?:l mio)? .+$/,
  /^Von meine[mr] .+ gesendet\.?$/,
  /^Sent (?:via the Samsung|with Proton Mail)\b.*$/,
  /^(?:Obtener|Obter o|Scarica) Outlook (?:para|per) (?:iOS|Android)\b.*$/,
  /^Outlook (?:für|voor) (?:iOS|Android) (?:herunterladen|beziehen|downloaden)\b.*$/,
];

/**
 * Gmail wraps its attribution line in the text part before the sender's address
 * ("…, First State Web Studio <" then "no-reply@…> wrote:"); put together again so that the
 * parser knows it in every language (its German pattern does not span the break).
 */
const WRAPPED_ADDRESS_START = / <$/;
const WRAPPED_ADDRESS_END = /^[^\s<>@]+@[^\s<>]+>/;

/**
 * The parser's Dutch, Polish, Chinese and Scandinavian attribution patterns span any number of
 * lines (`Op\s[\s\S]+?schreef…:`), so a line of the reply that merely starts like one (Dutch
 * "Op zaterdag …") runs on to the real attribution below and the whole reply is taken for the
 * quote header. Such a line, unless it is an attribution itself (it has the verb and ends with
 * `:`), is guarded with a word joiner in front while the parser runs.
 */
const SPANNING_STARTS: [start: RegExp, verb: RegExp][] = [
  [/^\s*Op\s/, /\sschreef\s.*:$/],
  [/^\s*(?:W\sdniu|Dnia)\s/, /\s(?:pisze|napisał(?:\(a\))?):$/u],
  [/^在/, /写道：$/],
  [/^\s*[a-z]{3,4}\.\s/, /\sskrev\s.*:$/],
];
const GUARD = '\u2060';

/**
 * The new text of a reply: the text part when it has any, else the HTML part as text; without
 * the quoted history ("On … wrote:" and its translations, Outlook's From/Sent block,
 * `>` quotes, a forwarded message), the signature after `-- ` and phone footers. Answers given
 * between quoted lines are kept, in order, a blank line apart. Line endings are `\n`, lines have
 * no trailing whitespace, runs of blank lines become one and the result is trimmed; `''` when
 * nothing new is left.
 */
export function replyText(email: ReplyBodies): string {
  const source = email.text?.trim() ? email.text : email.html ? convert(email.html, HTML_OPTIONS) : '';
  let lines = normalise(source).split('\n');
  lines = beforeForward(lines);
  lines = beforeHeaderBlock(lines);
  lines = lines.filter((line) => !EXTRA_FOOTERS.some((footer) => footer.test(line)));
  lines = unwrapAttribution(lines).map(guard);
  const kept = new EmailReplyParser()
    .read(lines.join('\n'))
    .getFragments()
    .filter((fragment) => !fragment.isHidden())
    .map((fragment) => fragment.getContent().trim())
    .filter((content) => content !== '');
  return tidy(kept.join('\n\n').replaceAll(GUARD, ''));
}

/**
 * `\n` line endings, no byte-order marks or zero-width spaces (iOS starts its quote with one),
 * no-break spaces as spaces, no trailing whitespace on lines.
 */
function normalise(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[\uFEFF\u200B]/g, '')
    .replace(/\u00A0/g, ' ')
    .replace(/[^\S\n]+$/gm, '');
}

/** Whether a line is quoted (`>`). */
function isQuoted(line: string): boolean {
  return line.trimStart().startsWith('>');
}

/** The lines above the first unquoted FORWARD_LINE, or all of them. */
function beforeForward(lines: string[]): string[] {
  const at = lines.findIndex((line) => !isQuoted(line) && FORWARD_LINE.test(line.trim()));
  return at === -1 ? lines : lines.slice(0, at);
}

/** The lines above the first unquoted Outlook header block and its separator, or all of them. */
function beforeHeaderBlock(lines: string[]): string[] {
  const at = lines.findIndex((line, index) => {
    if (isQuoted(line) || !BLOCK_FROM.test(line.trim())) return false;
    const next = lines.slice(index + 1, index + 6).map((other) => other.trim());
    return next.slice(0, 2).some((other) => BLOCK_SENT.test(other)) && next.some((o) => BLOCK_SUBJECT.test(o));
  });
  if (at === -1) return lines;
  let end = at;
  while (end > 0 && (lines[end - 1]!.trim() === '' || BLOCK_SEPARATOR.test(lines[end - 1]!.trim()))) end--;
  return lines.slice(0, end);
}

/** The lines with each Gmail attribution wrapped before its address joined again. */
function unwrapAttribution(lines: string[]): string[] {
  const out: string[] = [];
  for (const line of lines) {
    const previous = out.at(-1);
    if (previous !== undefined && WRAPPED_ADDRESS_START.test(previous) && WRAPPED_ADDRESS_END.test(line)) {
      out[out.length - 1] = previous + line;
    } else {
      out.push(line);
    }
  }
  return out;
}

/** The line, guarded when it starts like a multi-line attribution but is not one (SPANNING_STARTS). */
function guard(line: string): string {
  if (isQuoted(line)) return line;
  const spanning = SPANNING_STARTS.some(([start, verb]) => start.test(line) && !verb.test(line));
  return spanning ? GUARD + line : line;
}

/** No trailing whitespace on lines, runs of blank lines as one, trimmed. */
function tidy(text: string): string {
  return text
    .replace(/[^\S\n]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
