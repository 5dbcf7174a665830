// AnnotateBrowser: perf 7.2's annotate browser of the report browser ('a', or "Annotate SYM"
// in the Enter menu). Two title rows (the event's histogram title, then "SYM  DSO [Percent:
// local period]"), then one row per instruction (perf's default hides the source and
// objdump's other lines) as perf's annotate line writer draws it: the value of each event,
// a vertical line, the offset of jump targets, an arrow for jumps, calls and returns and the
// instruction, the whole row in the colour of its percentage. The jump of the current line
// is drawn as a line from it to its target. It opens on the hottest instruction (half a
// screen above it at the top) without showing the selection, as perf's browsers wait for a
// navigation key.
// Keys: arrows/PgUp/PgDn/space/Home/End; 'H' the hottest line, TAB/shift-TAB the next
// colder/hotter line; Enter/Right on a jump goes to its target, on a call annotates the
// callee (its own browser, back with q/ESC/Left), on a return leaves; 't' cycles percent,
// period and samples; 'j' the jump arrows; 'h'/F1 the help window; q/ESC/Left/Ctrl-C leave.
// Perf's other keys (search, source view, offsets, percent type, ...) do nothing here.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "annotate/annotate_print.h"
#include "annotate/annotate_print2.h"
#include "tui/canvas.h"
#include "tui/list_nav.h"

namespace cperf {

class Terminal;

// One symbol ready to browse. `a.hist` (and members) must outlive the view.
struct AnnotateView {
  std::string title;          // the event's histogram title (annotate_print2.h's hists_title)
  std::string sym_name;       // the symbol
  std::string dso_long_name;  // its dso as perf names it in the title
  PercentType percent = PercentType::kLocalPeriod;
  AnnotatedSymbol a;
  Annotation2 n;
  // Owns what `a` points to, when the view is made for the browser (a callee).
  std::shared_ptr<const void> keep;
  // The recording's x86 CPU (perf's cpuid header: family, model), for perf's marks of the
  // compare/test a conditional jump fuses with; family 0: unknown (no marks).
  int cpu_family = 0, cpu_model = 0;
  // The source's own record of the symbol (its callees are looked up from it).
  const void* keep_key = nullptr;
};

// Where the browsers get annotations from (the report's samples, objdump): the selected
// symbol of the histogram, or the callee of a call instruction.
class AnnotateSource {
 public:
  virtual ~AnnotateSource() = default;
  struct Result {
    std::unique_ptr<AnnotateView> view;
    std::string error;  // perf's reason after "Couldn't annotate SYM:\n" (view null)
  };
  // The symbol `sym` of dso `dso` (its short name) as sampled in this histogram.
  virtual Result open(const std::string& dso, const std::string& sym) = 0;
  // The symbol the call (or outside jump) at line `line` of `from` goes to; a null view with
  // no error: perf's "The called function was not found."
  virtual Result open_callee(const AnnotateView& from, size_t line) = 0;
};

// perf 7.2's help window of the annotate browser.
extern const char* const kAnnotateHelp;

class AnnotateBrowser {
 public:
  explicit AnnotateBrowser(const AnnotateView& v);

  // The two title rows (perf draws them when the browser shows, not at each refresh).
  void draw_title(Canvas& c) const;
  // The rows below the title, the scroll bar and the help line, over what the screen shows.
  void draw(Canvas& c);
  // A fresh screen: the title and the rows.
  Canvas screen(int rows, int cols);

  enum class Act { kNone, kLeave, kCallee, kHelp };
  // Acts on a key with a screen of `rows` lines; what the caller has to do.
  Act key(int k, size_t rows);
  // Runs on the terminal until left; the callees through `src`.
  void run(Terminal& t, AnnotateSource* src);

  // For tests: the selected row (an index among the instruction lines), the first shown, and
  // whether the selection shows.
  size_t index() const { return nav_.index; }
  size_t top() const { return nav_.top; }
  bool selection_shown() const { return nav_.selection_shown(); }
  // The lines perf orders by heat (instruction indices, coldest first).
  const std::vector<size_t>& hot_order() const { return hot_; }
  // The line of a.lines at instruction index i.
  size_t line_of(size_t i) const { return asm_[i]; }
  const std::string& message() const { return message_; }

 private:
  enum class Values { kPercent, kPeriod, kSamples };
  int pcnt_width() const;
  void set_top(size_t idx, size_t rows);  // perf's annotate_browser__set_top
  void go_hot(size_t h, size_t rows);
  void write_line(Canvas& c, int row, size_t idx, bool first, int width) const;
  void draw_jump(Canvas& c, size_t list_rows) const;
  bool fused(size_t idx) const;  // the instruction before idx fuses with it

  const AnnotateView& v_;
  std::vector<size_t> asm_;  // the instruction lines (indices into v_.a.lines)
  std::vector<size_t> hot_;  // instruction indices with a value, coldest first (ties: line order)
  std::vector<double> max_percent_;  // per instruction index
  long hot_pos_ = -1;  // perf's nd: the position in hot_ last gone to (-1: none)
  ListNav nav_;
  Values values_ = Values::kPercent;
  bool jump_arrows_ = true;
  bool started_ = false;  // the first draw places the view on the hottest line
  std::string message_;
};

}  // namespace cperf
