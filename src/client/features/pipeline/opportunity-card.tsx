import { IconBuilding, IconCalendar, IconUser } from '@tabler/icons-react';
import { memo, type ComponentPropsWithoutRef, type Ref } from 'react';
import type { Lead } from '../../../shared/pipeline.schema.ts';
import { formatCloseDate } from './lead-view.ts';

/** Tags a card names; the rest are counted, so a tag-heavy deal keeps the card short. */
const CARD_TAGS = 3;
import kanban from '../../components/kanban/kanban.module.css';
import classes from './pipeline.module.css';
import { useMoney } from '../../components/money.tsx';

type OpportunityCardProps = ComponentPropsWithoutRef<'div'> & {
  lead: Lead;
  ref?: Ref<HTMLDivElement>;
};

/**
 * What a deal looks like on the board (SPEC §2): name, value, contact, company and two
 * lines of description; beyond the spec its first tags, its chance and close date, the
 * facts a seller scans a column for. Drawn the same in its column and under the pointer while dragged.
 *
 * Plain elements styled by the CSS module rather than Mantine components: a board draws
 * dozens of these at once, and each Mantine component costs a theme lookup per render.
 */
export const OpportunityCard = memo(function OpportunityCard({
  lead,
  ref,
  className,
  ...others
}: OpportunityCardProps) {
  const formatMoney = useMoney();
  const closes = formatCloseDate(lead.closeDate);
  return (
    <div ref={ref} className={`${kanban.card} ${className ?? ''}`} {...others}>
      <div className={classes.cardTop}>
        <div className={kanban.cardTitle}>{lead.dealName}</div>
        <div className={classes.cardValue}>{formatMoney(lead.value)}</div>
      </div>
      {lead.person && (
        <div className={kanban.cardMeta}>
          <IconUser size={14} stroke={1.7} aria-hidden />
          <span>{lead.person.fullName}</span>
        </div>
      )}
      {lead.company && (
        <div className={kanban.cardMeta}>
          <IconBuilding size={14} stroke={1.7} aria-hidden />
          <span>{lead.company.name}</span>
        </div>
      )}
      {lead.description && <div className={classes.cardDescription}>{lead.description}</div>}
      {lead.tags.length > 0 && (
        <div className={classes.cardTags}>
          {lead.tags.slice(0, CARD_TAGS).map((tag) => (
            <span key={tag} className={classes.cardTag}>
              {tag}
            </span>
          ))}
          {lead.tags.length > CARD_TAGS && (
            <span className={classes.cardTag} title={lead.tags.slice(CARD_TAGS).join(', ')}>
              +{lead.tags.length - CARD_TAGS}
            </span>
          )}
        </div>
      )}
      <div className={kanban.cardFooter}>
        <span className={classes.cardChance}>{lead.probability}%</span>
        {closes && (
          <span className={kanban.cardMeta}>
            <IconCalendar size={13} stroke={1.7} aria-hidden />
            <span>{closes}</span>
          </span>
        )}
      </div>
    </div>
  );
});
