// The law table (law_parameters.h) as Markdown, for docs/scene-format.md: its per-model parameter
// tables are generated, not hand-written, so they cannot drift from what the reader accepts and
// the simulation defaults to. A test holds the doc to the generated text; to regenerate, run
// `CONTACTSIM_UPDATE_DOCS=1 build/tests/dynamics/test_scene "[law-docs]"`.
#pragma once

#include <string>

namespace contactsim {

// The Markdown table of one normal law's or friction model's parameters: name, unit, range,
// default, meaning. Throws std::invalid_argument for a model the table does not have.
std::string lawParameterMarkdown(const std::string& model);

// `doc` with the text between each "<!-- law-parameters MODEL -->" line and the next
// "<!-- /law-parameters -->" line replaced by lawParameterMarkdown(MODEL). Throws
// std::invalid_argument for an unknown model or a block without its end marker.
std::string withGeneratedLawTables(const std::string& doc);

}  // namespace contactsim
