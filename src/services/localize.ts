// Slash-command names and descriptions come from the catalogs, so Discord shows them in ja and ko too.
import { t } from '../i18n/index.js';

interface Describable {
  setName(name: string): this;
  setNameLocalizations(localizations: Record<string, string>): this;
  setDescription(description: string): this;
  setDescriptionLocalizations(localizations: Record<string, string>): this;
}

/** Sets name and description (en) with ja/ko localizations from `<key>.name` and `<key>.description`. */
export function describe<T extends Describable>(builder: T, key: string): T {
  return builder
    .setName(t('en', `${key}.name`))
    .setNameLocalizations({ ja: t('ja', `${key}.name`), ko: t('ko', `${key}.name`) })
    .setDescription(t('en', `${key}.description`))
    .setDescriptionLocalizations({ ja: t('ja', `${key}.description`), ko: t('ko', `${key}.description`) });
}

/** Choices of an option, each named by the catalog key `<prefix>.<value>` in en with ja/ko localizations. */
export function localizedChoices<T extends string>(values: readonly T[], prefix: string): { name: string; name_localizations: { ja: string; ko: string }; value: T }[] {
  return values.map((v) => ({ name: t('en', `${prefix}.${v}`), name_localizations: { ja: t('ja', `${prefix}.${v}`), ko: t('ko', `${prefix}.${v}`) }, value: v }));
}
