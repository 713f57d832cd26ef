/** One card of the account page: the settings pages' shared card (icon, title, hint). */
export { SectionCard as AccountSectionCard } from '../../components/section-card.tsx';
