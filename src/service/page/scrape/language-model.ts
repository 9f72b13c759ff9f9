import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModel } from 'ai';

export interface LanguageModelSettings {
  SVC_LLM_PROVIDER: 'openai' | 'openai-compatible';
  SVC_LLM_BASE_URL?: string | undefined;
  SVC_LLM_API_KEY?: string | undefined;
  SVC_LLM_MODEL?: string | undefined;
}

const BASE_URL_BY_PROVIDER: Record<LanguageModelSettings['SVC_LLM_PROVIDER'], string | undefined> = {
  openai: 'https://api.openai.com/v1',
  'openai-compatible': undefined,
};

/** The configured model, or why there is none (the caller reports it; nothing pretends to extract). */
export function languageModelFrom(
  settings: LanguageModelSettings,
): { model: LanguageModel } | { missing: string } {
  const provider = settings.SVC_LLM_PROVIDER;
  const baseURL = settings.SVC_LLM_BASE_URL ?? BASE_URL_BY_PROVIDER[provider];
  if (!baseURL || !settings.SVC_LLM_MODEL) {
    return {
      missing:
        'No language model is configured: set SVC_LLM_BASE_URL and SVC_LLM_MODEL (and SVC_LLM_API_KEY)',
    };
  }
  const client = createOpenAICompatible({
    name: provider,
    baseURL,
    ...(settings.SVC_LLM_API_KEY ? { apiKey: settings.SVC_LLM_API_KEY } : {}),
    supportsStructuredOutputs: true,
  });
  return { model: client.chatModel(settings.SVC_LLM_MODEL) };
}
