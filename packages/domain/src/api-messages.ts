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
  invitationExpired: 'Este convite expirou. Peça um novo link: ele chega no mesmo e-mail.',
  invitationUsed: 'Este convite já foi usado para criar a senha. Entre com o seu e-mail e a senha criada.',
  invitationInvalid: 'Este link de convite não é válido. Confira se copiou o endereço inteiro do e-mail.',
  invitationResent: 'Enviamos um novo link de convite para o seu e-mail.',
  internal: 'Desculpe, encontramos um problema. Tente novamente em instantes.',
  unavailable: 'Serviço temporariamente indisponível. Tente novamente em instantes.',
  recoverAccepted: 'Se os dados conferirem com um cadastro, enviaremos um e-mail com o link para criar uma nova senha.',
  passwordChanged: 'Senha alterada com sucesso.',
  passwordCreated: 'Senha criada. Bem-vindo(a) ao Portal de Propostas!',
  wrongCurrentPassword: 'A senha atual não confere.',
} as const;
