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
