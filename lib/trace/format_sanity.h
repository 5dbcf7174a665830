// Checks on a tracepoint format file that libtraceevent itself does not make before it trusts
// the file. A format whose print fmt names a field (REC->x) that the format does not declare
// makes libtraceevent dereference a null field and crash (perf 7.2 crashes on such a file);
// cperf leaves such a format out, as it does with formats libtraceevent rejects.
#pragma once
#include <string_view>

namespace cperf {

// True when every REC->name in the format's print fmt is one of its declared fields.
bool print_fmt_fields_declared(std::string_view format);

// True when every '/' and '%' among the print fmt's arguments divides by a field (REC->x), a
// sizeof or a non-zero number: libtraceevent folds a division by zero, or by a name it does not
// know, while parsing, and dies of SIGFPE (a fuzzer's find; perf 7.2 dies the same way).
bool print_fmt_divisions_safe(std::string_view format);

// True when the format is plain text: printable ASCII, tabs and line ends. libtraceevent's
// tokenizer has no token for other bytes, and a field declaration holding one (a fuzzer's
// find: "prev_comm[\x9f6]") leaves a field without a name, which it then compares and dies
// of. The kernel writes its formats in ASCII, so such a format is damaged.
bool format_text_plain(std::string_view format);

// All of the above: libtraceevent may be given the format.
bool format_safe_to_parse(std::string_view format);

}  // namespace cperf
