import type { StudioTool, StudioToolId } from '@studio/contracts/tools';
import type { FaqGroup } from './helpContent';
import { listFormatter } from '../../../lib/listFormat';
import { studioTools } from '../shared/studioTools';

/** What the FAQ's answers about the tools may say: the open tools and the announced ones. */
export type ToolAnswerValues = Readonly<Record<'availableTools' | 'comingSoonTools', string>>;

/**
 * The tools by name (their `services` texts), open ones and those coming soon, from the tool
 * manifest: the answers name no tool themselves, so opening one changes no help text.
 */
export function toolAnswerValues(
  toolName: (id: StudioToolId) => string,
  language: string,
): ToolAnswerValues {
  const formatList = listFormatter(language);
  const namesOf = (available: boolean) =>
    formatList(
      studioTools.filter((tool) => tool.available === available).map((tool) => toolName(tool.id)),
    );
  return { availableTools: namesOf(true), comingSoonTools: namesOf(false) };
}

/**
 * The FAQ has two answers about the tools: "other-tools" (when will the rest open?) while any is
 * announced, "all-tools" (which can I use?) once every tool is open. The manifest picks one.
 */
export function withToolQuestion(
  groups: readonly FaqGroup[],
  tools: readonly Pick<StudioTool, 'available'>[] = studioTools,
): FaqGroup[] {
  const allOpen = tools.every((tool) => tool.available);
  const notShown = allOpen ? 'other-tools' : 'all-tools';
  return groups.map((group) => ({
    ...group,
    questions: group.questions.filter((question) => question.id !== notShown),
  }));
}
