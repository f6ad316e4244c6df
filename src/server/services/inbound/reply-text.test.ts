import { readdirSync, readFileSync } from 'node:fs';
import PostalMime from 'postal-mime';
import { describe, expect, it } from 'vitest';
import { replyText } from './reply-text.ts';

/** tests/fixtures/replies: each `NN-name.eml` is a reply, `NN-name.txt` what must land of it. */
const FIXTURES = new URL('../../../../tests/fixtures/replies/', import.meta.url);
const names = readdirSync(FIXTURES)
  .filter((file) => file.endsWith('.eml'))
  .map((file) => file.slice(0, -'.eml'.length))
  .sort();

describe('replyText over the fixtures', () => {
  it('has the fixtures', () => {
    expect(names.length).toBeGreaterThanOrEqual(18);
  });

  it.each(names)('%s', async (name) => {
    const email = await PostalMime.parse(readFileSync(new URL(`${name}.eml`, FIXTURES)));
    const expected = readFileSync(new URL(`${name}.txt`, FIXTURES), 'utf8').replace(/\n$/, '');
    expect(replyText({ text: email.text, html: email.html })).toBe(expected);
  });
});

describe('replyText', () => {
  it('is empty for an empty email', () => {
    expect(replyText({})).toBe('');
    expect(replyText({ text: null, html: null })).toBe('');
    expect(replyText({ text: ' \n\n ' })).toBe('');
  });

  it('reads the HTML part only when the text part is empty', () => {
    expect(replyText({ text: 'From the text part', html: '<p>From the HTML part</p>' })).toBe('From the text part');
    expect(replyText({ text: '', html: '<p>From the HTML part</p>' })).toBe('From the HTML part');
  });

  it('turns HTML into text: no images, links as text, blockquotes as quotes, no wrapping', () => {
    const long = 'word '.repeat(40).trim();
    const html =
      `<div>See <a href="https://example.com/menu">the menu</a> and https://example.com` +
      `<img src="cid:logo" alt="Logo"></div><div>${long}</div>` +
      '<div>On Tue, Oct 14, 2025 at 10:12 AM Studio &lt;no-reply@studio.example&gt; wrote:</div>' +
      '<blockquote><p>Old text</p></blockquote>';
    expect(replyText({ html })).toBe(`See the menu [https://example.com/menu] and https://example.com\n${long}`);
  });

  it('normalises line endings, trailing whitespace and blank lines', () => {
    expect(replyText({ text: '\r\n  Hello  \r\n\r\n\r\n\r\nthere\t\r\n\r\n' })).toBe('Hello\n\nthere');
  });

  it.each([
    'Sent from my iPhone',
    'Sent from my Android',
    'Sent from my Samsung Galaxy smartphone.',
    'Get Outlook for Android<https://aka.ms/AAb9ysg>',
    'Sent from Mail for Windows',
    'Envoyé de mon iPhone',
    'Von meinem iPhone gesendet',
    'Von meinem Samsung Galaxy Smartphone gesendet.',
    'Enviado desde mi iPhone',
    'Enviado do meu iPhone',
    'Inviato da iPhone',
    'Verstuurd vanaf mijn iPhone',
    'Obtener Outlook para iOS<https://aka.ms/o0ukef>',
    'Outlook für Android herunterladen<https://aka.ms/AAb9ysg>',
    'Sent via the Samsung Galaxy S24, an AT&T 5G smartphone',
    'Sent with Proton Mail secure email.',
  ])('drops the footer %j', (footer) => {
    expect(replyText({ text: `Fine by me.\n\n${footer}\n` })).toBe('Fine by me.');
  });

  it('keeps what was written above a forwarded message, in any of its forms', () => {
    for (const line of [
      '---------- Forwarded message ---------',
      '-------- Forwarded Message --------',
      'Begin forwarded message:',
      '---------- Message transféré ---------',
      'Anfang der weitergeleiteten Nachricht:',
    ]) {
      expect(replyText({ text: `For you.\n\n${line}\nFrom: A <a@example.com>\n\nOld` })).toBe('For you.');
    }
  });

  it('cuts at an Outlook header block in its languages', () => {
    const blocks = [
      'From: Studio\nSent: Tuesday\nTo: Jane\nSubject: Update',
      'De : Studio\nEnvoyé : mardi\nÀ : Camille\nObjet : Update',
      'Von: Studio\nGesendet: Dienstag\nAn: Jonas\nBetreff: Update',
      'Van: Studio\nVerzonden: dinsdag\nAan: Eva\nOnderwerp: Update',
      'Da: Studio\nInviato: martedì\nA: Giulia\nOggetto: Update',
    ];
    for (const block of blocks) {
      expect(replyText({ text: `Yes.\n________________________________\n${block}\n\nOld` })).toBe('Yes.');
    }
  });

  it('cuts at an Outlook header block right below the text, or without addresses', () => {
    const block = 'From: First State Web Studio\nSent: Tuesday, October 14, 2025 10:12 AM\nTo: Jane\nSubject: Update';
    expect(replyText({ text: `Thanks, that works.\n${block}\n\nHello Jane,` })).toBe('Thanks, that works.');
    expect(replyText({ text: `Thanks, that works.\n\n${block}\n\nHello Jane,` })).toBe('Thanks, that works.');
  });

  it('keeps lines that start like a Dutch attribution', () => {
    const text =
      'Op maandag zijn we dicht.\nOp dinsdag open.\n\nOp di 14 okt 2025 schreef Studio <a@b.example>:\n\n> Oud';
    expect(replyText({ text })).toBe('Op maandag zijn we dicht.\nOp dinsdag open.');
  });

  it('keeps a line that merely mentions a From header', () => {
    expect(replyText({ text: 'From: the bakery team\nSee you soon' })).toBe('From: the bakery team\nSee you soon');
  });
});
