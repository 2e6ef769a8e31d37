import { EmptyState, Heading, Text, TextField } from '@studio/ui';
import { Search } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { RouterLink } from '../../../components/RouterLink';
import { paths } from '../../../lib/paths';
import { useContent } from '../shared/content';
import { PageHeader } from '../shared/PageHeader';
import { PageSection } from '../shared/PageSection';
import * as pageStyles from '../shared/pages.css';
import { RichText } from '../shared/RichText';
import { FaqItem } from './FaqItem';
import { faqGroupsSchema, filterFaq, toFaqGroups } from './helpContent';
import * as styles from './HelpCenterPage.css';
import { toolAnswerValues, withToolQuestion } from './toolAnswers';
import { useHashTarget } from './useHashTarget';

/**
 * The Help Center: a FAQ grouped by topic, filtered as you type (ignoring case and Vietnamese
 * diacritics), each answer a disclosure that `/help#question-id` opens and scrolls to. The
 * answers about the tools name them from the tool manifest.
 */
export function HelpCenterPage() {
  const { t, i18n } = useTranslation('help');
  const { t: tServices } = useTranslation('services');
  const language = i18n.language;
  const values = useMemo(
    () => toolAnswerValues((id) => tServices(`tools.${id}.name`), language),
    [tServices, language],
  );
  const faq = useContent(t, 'groups', faqGroupsSchema, values);
  const groups = useMemo(() => withToolQuestion(toFaqGroups(faq)), [faq]);
  const [query, setQuery] = useState('');
  const visibleGroups = useMemo(() => filterFaq(groups, query), [groups, query]);
  const resultCount = visibleGroups.reduce((sum, group) => sum + group.questions.length, 0);
  const searching = query.trim() !== '';

  const target = useHashTarget();
  const [openIds, setOpenIds] = useState<ReadonlySet<string>>(() => new Set([target]));
  // A new #question in the URL (a permalink click, back/forward) opens that question too.
  const [openedTarget, setOpenedTarget] = useState(target);
  if (target !== openedTarget) {
    setOpenedTarget(target);
    setOpenIds((ids) => new Set(ids).add(target));
  }
  useEffect(() => {
    // The content arrives after the browser's own jump to the fragment, so scroll ourselves.
    if (target) document.getElementById(target)?.scrollIntoView({ block: 'start' });
  }, [target]);

  const toggle = (id: string) =>
    setOpenIds((ids) => {
      const next = new Set(ids);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <div className={pageStyles.page}>
      <PageHeader title={t('title')} lead={t('lead')}>
        <search className={styles.search}>
          <TextField
            type="search"
            label={t('search.label')}
            placeholder={t('search.placeholder')}
            hint={t('search.hint')}
            icon={<Search size={18} />}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            autoComplete="off"
          />
          <p role="status" className={styles.resultCount}>
            {searching ? t('search.resultCount', { count: resultCount }) : ''}
          </p>
        </search>
      </PageHeader>

      {searching ? null : (
        <nav aria-labelledby="help-topics-heading">
          <Heading level={3} as="h2" id="help-topics-heading">
            {t('topicsTitle')}
          </Heading>
          <ul className={styles.topics}>
            {groups.map((group) => (
              <li key={group.id}>
                <a href={`#${group.id}`} className={styles.topicLink}>
                  {group.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}

      {visibleGroups.length === 0 ? (
        <EmptyState
          bordered
          icon={<Search size={32} />}
          title={t('empty.title', { query: query.trim() })}
          description={t('empty.description')}
          action={
            <Link to={paths.contact} className={pageStyles.ctaPrimary}>
              {t('empty.contact')}
            </Link>
          }
        />
      ) : (
        visibleGroups.map((group) => (
          <PageSection key={group.id} id={group.id} title={group.title}>
            <ul className={styles.questionList}>
              {group.questions.map((entry) => (
                <FaqItem
                  key={entry.id}
                  groupId={group.id}
                  entry={entry}
                  open={openIds.has(entry.id)}
                  onToggle={toggle}
                  values={values}
                />
              ))}
            </ul>
          </PageSection>
        ))
      )}

      <section aria-labelledby="help-more-heading" className={pageStyles.callout}>
        <Heading level={2} id="help-more-heading">
          {t('more.title')}
        </Heading>
        <Text as="p">
          <RichText t={t} i18nKey="more.text" />
        </Text>
        <Text as="p">
          <RouterLink to={paths.contact}>{t('more.contact')}</RouterLink>
        </Text>
      </section>
    </div>
  );
}
