// perf's config file syntax (git-config style), read as perf 7.2 reads it:
//   [section]            names of letters, digits, '-', '_' and '.', lower-cased
//   [section "sub"]      a subsection, kept as written: its keys are "section.sub.key"
//   key = value          a key starts with a letter (only that letter is lower-cased) and has
//                        letters, digits, '-', '_'; "key" alone has no value (an error for perf)
//   # or ;               comments, also after a value unless inside "double quotes"
// Values: blanks around them dropped and runs of blanks inside made one space (but not
// inside quotes); escapes \t \b \n \\ \" and a backslash at the end of a line joining it to
// the next; a UTF-8 byte-order mark at the start is skipped; CR LF ends a line.
// Limits as perf's: a full key of 256 bytes, a value of 1023, a section name of 128.
#pragma once
#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace cperf {

// Called for each "section.key" (the section part lower-cased) and its value (nullopt for a
// key without '='); returns false to stop with an error at that line, as perf does for a key
// it cannot keep (no value, no section).
using ConfigItemFn = std::function<bool(const std::string& var, const std::optional<std::string>& value)>;

// Reads `text`, giving each key to `fn`. Returns nullopt when the whole text was read, else the
// line number perf names in "bad config file line N" (the keys before it were given to fn).
std::optional<int> parse_config_text(std::string_view text, const ConfigItemFn& fn);

}  // namespace cperf
