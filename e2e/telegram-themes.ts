// The theme parameters each imitated Telegram client sends; plain data, so unit tests of the
// mini app's colours can check themselves against the same themes the e2e clients use.
export type TgPlatform = 'ios' | 'android' | 'tdesktop';
export type TgThemeName = 'dark' | 'light';
export type ThemeParams = Record<string, `#${string}`>;

/** Theme parameters as each client sends them (all keys Bot API 8 defines). */
export const THEMES: Record<TgPlatform, Record<TgThemeName, ThemeParams>> = {
  ios: {
    dark: { bg_color: '#000000', secondary_bg_color: '#1c1c1d', section_bg_color: '#2c2c2e', header_bg_color: '#1a1a1a', bottom_bar_bg_color: '#1d1d1d', text_color: '#ffffff', hint_color: '#98989e', link_color: '#3e88f7', button_color: '#3e88f7', button_text_color: '#ffffff', accent_text_color: '#3e88f7', section_header_text_color: '#8d8e93', subtitle_text_color: '#98989e', destructive_text_color: '#eb5545', section_separator_color: '#545458' },
    light: { bg_color: '#ffffff', secondary_bg_color: '#efeff4', section_bg_color: '#ffffff', header_bg_color: '#f8f8f8', bottom_bar_bg_color: '#f2f2f2', text_color: '#000000', hint_color: '#8e8e93', link_color: '#007aff', button_color: '#007aff', button_text_color: '#ffffff', accent_text_color: '#007aff', section_header_text_color: '#6d6d72', subtitle_text_color: '#8e8e93', destructive_text_color: '#ff3b30', section_separator_color: '#c8c7cc' },
  },
  android: {
    dark: { bg_color: '#212d3b', secondary_bg_color: '#1d2733', section_bg_color: '#1d2733', header_bg_color: '#242d39', bottom_bar_bg_color: '#151e27', text_color: '#ffffff', hint_color: '#7d8b99', link_color: '#5eabe1', button_color: '#50a8eb', button_text_color: '#ffffff', accent_text_color: '#64b5ef', section_header_text_color: '#79c4fc', subtitle_text_color: '#7e8b99', destructive_text_color: '#ee686f', section_separator_color: '#0d1218' },
    light: { bg_color: '#ffffff', secondary_bg_color: '#f0f0f0', section_bg_color: '#ffffff', header_bg_color: '#527da3', bottom_bar_bg_color: '#f0f0f0', text_color: '#222222', hint_color: '#a8a8a8', link_color: '#2678b6', button_color: '#50a8eb', button_text_color: '#ffffff', accent_text_color: '#1c93e3', section_header_text_color: '#3a95d5', subtitle_text_color: '#82868a', destructive_text_color: '#cc2929', section_separator_color: '#d9d9d9' },
  },
  tdesktop: {
    dark: { bg_color: '#17212b', secondary_bg_color: '#232e3c', section_bg_color: '#17212b', header_bg_color: '#17212b', bottom_bar_bg_color: '#17212b', text_color: '#f5f5f5', hint_color: '#708499', link_color: '#6ab3f3', button_color: '#5288c1', button_text_color: '#ffffff', accent_text_color: '#6ab2f2', section_header_text_color: '#6ab3f3', subtitle_text_color: '#708499', destructive_text_color: '#ec3942', section_separator_color: '#111921' },
    light: { bg_color: '#ffffff', secondary_bg_color: '#f1f1f1', section_bg_color: '#ffffff', header_bg_color: '#ffffff', bottom_bar_bg_color: '#ffffff', text_color: '#000000', hint_color: '#999999', link_color: '#168acd', button_color: '#40a7e3', button_text_color: '#ffffff', accent_text_color: '#168acd', section_header_text_color: '#168acd', subtitle_text_color: '#999999', destructive_text_color: '#d14e4e', section_separator_color: '#e7e7e7' },
  },
};
