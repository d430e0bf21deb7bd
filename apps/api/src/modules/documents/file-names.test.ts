import { describe, expect, it } from 'vitest';
import { contentDisposition, sanitizeFileName } from './file-names';

describe('file names', () => {
  it('drops folders, NUL and control characters', () => {
    expect(sanitizeFileName('../../etc/passwd')).toBe('passwd');
    expect(sanitizeFileName('..\\..\\Windows\\win.ini')).toBe('win.ini');
    expect(sanitizeFileName('a\u0000b\u0007c\r\n.pdf')).toBe('abc.pdf');
    expect(sanitizeFileName('fatura\u202Efdp.exe')).toBe('faturafdp.exe');
    expect(sanitizeFileName('...')).toBe('arquivo');
    expect(sanitizeFileName('')).toBe('arquivo');
    expect(sanitizeFileName('a<b>:c"d|e?f*.pdf')).toBe('a_b__c_d_e_f_.pdf');
  });
  it('gives the name the extension of what the content really is', () => {
    expect(sanitizeFileName('../../etc/passwd', 'pdf')).toBe('passwd.pdf');
    expect(sanitizeFileName('foto.PDF', 'jpeg')).toBe('foto.PDF.jpg');
    expect(sanitizeFileName('Matrícula.pdf', 'pdf')).toBe('Matrícula.pdf');
    expect(sanitizeFileName('IMG_0001.HEIC', 'heic')).toBe('IMG_0001.heic');
  });
  it('keeps names short', () => {
    const long = sanitizeFileName(`${'a'.repeat(500)}.pdf`, 'pdf');
    expect(long.length).toBe(120);
    expect(long.endsWith('.pdf')).toBe(true);
  });
  it('writes Content-Disposition with an ASCII fallback and the RFC 5987 name', () => {
    expect(contentDisposition('Declaração "IR" 2025.pdf')).toBe(
      `attachment; filename="Declaracao _IR_ 2025.pdf"; filename*=UTF-8''Declara%C3%A7%C3%A3o%20_IR_%202025.pdf`,
    );
    expect(contentDisposition("it's (1).pdf", 'inline')).toBe(
      `inline; filename="it_s _1_.pdf"; filename*=UTF-8''it%27s%20%281%29.pdf`,
    );
    expect(contentDisposition('../../etc/passwd')).toBe(`attachment; filename="passwd"; filename*=UTF-8''passwd`);
  });
});

describe('file names: what is kept', () => {
  it.each([
    ['a   b\t c.pdf', null, 'a b c.pdf'],
    [' . oculto.pdf', null, 'oculto.pdf'],
    ['nota.pdf. . ', null, 'nota.pdf'],
    ['Foto.PNG', null, 'Foto.png'],
    ['foto.JPG', 'jpeg', 'foto.jpg'],
    ['foto.jpeg', 'jpeg', 'foto.jpeg'],
    ['scan', 'png', 'scan.png'],
    ['scan.', 'png', 'scan.png'],
    ['relatório final', null, 'relatório final'],
    ['a.b.c.pdf', 'pdf', 'a.b.c.pdf'],
  ] as const)('%j (content %s) → %j', (name, kind, safe) => {
    expect(sanitizeFileName(name, kind)).toBe(safe);
  });
  it('cuts long names at 120 characters, never inside a character', () => {
    expect(sanitizeFileName('a'.repeat(500))).toBe('a'.repeat(120));
    const emoji = sanitizeFileName(`${'😀'.repeat(200)}.png`, 'png');
    expect(Array.from(emoji)).toHaveLength(120);
    expect(emoji).toBe(`${'😀'.repeat(116)}.png`);
  });
  it('a name with no Latin letters still downloads with an ASCII fallback', () => {
    expect(contentDisposition('日本.pdf')).toBe(
      `attachment; filename="__.pdf"; filename*=UTF-8''%E6%97%A5%E6%9C%AC.pdf`,
    );
  });
});
