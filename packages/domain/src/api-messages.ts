// A module without zod, so the login screen can read the messages without the schema library.
/** Portuguese messages the API answers with, in one place so web and api agree. */
export const API_MESSAGES = {
  invalidCredentials: 'E-mail/CPF ou senha inválidos.',
  rateLimited: 'Muitas tentativas. Aguarde um minuto e tente novamente.',
  unauthenticated: 'Sua sessão expirou. Entre novamente.',
  forbidden: 'Você não tem permissão para acessar esta página',
  notFound: 'Não encontrado.',
  foreignOrigin: 'Requisição recusada: origem não permitida.',
  storageWriteUnavailable:
    'Não foi possível guardar o arquivo agora: o armazenamento está indisponível. Nada foi salvo; envie de novo em instantes.',
  storageReadUnavailable:
    'Não foi possível abrir o arquivo agora: o armazenamento está indisponível. Tente novamente em instantes.',
  scannerUnavailable: 'Não foi possível verificar o arquivo agora. Tente novamente em instantes.',
  validation: 'Verifique os campos destacados.',
  invalidToken: 'Este link de troca de senha é inválido ou expirou. Peça um novo.',
  internal: 'Desculpe, encontramos um problema. Tente novamente em instantes.',
  recoverAccepted: 'Se os dados conferirem com um cadastro, enviaremos um e-mail com o link para criar uma nova senha.',
  passwordChanged: 'Senha alterada com sucesso.',
  wrongCurrentPassword: 'A senha atual não confere.',
} as const;
