import { requiredGroups } from '../text/requiredGroups';

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

// The three forms RFC 9110 §5.6.7 obliges a recipient to accept. Parsed by hand because
// Date.parse also accepts "1" (year 2001) and reads the asctime form in local time.
const IMF_FIXDATE = /^[A-Za-z]{3}, (\d{2}) ([A-Za-z]{3}) (\d{4}) (\d{2}):(\d{2}):(\d{2}) GMT$/;
const RFC_850 = /^[A-Za-z]+, (\d{2})-([A-Za-z]{3})-(\d{2}) (\d{2}):(\d{2}):(\d{2}) GMT$/;
const ASCTIME = /^[A-Za-z]{3} ([A-Za-z]{3}) ([ \d]\d) (\d{2}):(\d{2}):(\d{2}) (\d{4})$/;

const utc = (
  year: number,
  monthName: string,
  day: number,
  hour: number,
  minute: number,
  second: number,
): number | undefined => {
  const month = MONTHS.indexOf(monthName.toLowerCase());
  if (month < 0 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 60) {
    return undefined;
  }
  return Date.UTC(year, month, day, hour, minute, second);
};

/** Epoch ms of an HTTP-date (IMF-fixdate, RFC 850 or asctime), or undefined when it is not one. */
export const parseHttpDate = (value: string): number | undefined => {
  const text = value.trim();
  const fix = IMF_FIXDATE.exec(text);
  if (fix !== null) {
    const [d, mon, y, h, mi, s] = requiredGroups(fix, 6);
    return utc(Number(y), mon, Number(d), Number(h), Number(mi), Number(s));
  }
  const old = RFC_850.exec(text);
  if (old !== null) {
    const [d, mon, yy, h, mi, s] = requiredGroups(old, 6);
    // Two-digit years: RFC 9110 reads a year more than 50 years ahead as the past century.
    const year = Number(yy) < 70 ? 2000 + Number(yy) : 1900 + Number(yy);
    return utc(year, mon, Number(d), Number(h), Number(mi), Number(s));
  }
  const asc = ASCTIME.exec(text);
  if (asc !== null) {
    const [mon, d, h, mi, s, y] = requiredGroups(asc, 6);
    return utc(Number(y), mon, Number(d.trim()), Number(h), Number(mi), Number(s));
  }
  return undefined;
};
