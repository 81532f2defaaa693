// A combo box choosing one body by name, for joints, cables and contact pairs.
#pragma once

#include <QComboBox>
#include <string>
#include <vector>

namespace contactsim::gui {

// Offers `bodies` (after "world" when `with_world`) and selects `current`. A `current` that is
// not a body of the scene (it was removed or renamed) stays selectable as "NAME (missing)", so
// the item is kept as written and the scene reader names the reference that is wrong.
void showBodyChoice(QComboBox* combo, const std::vector<std::string>& bodies, bool with_world,
                    const std::string& current);
// The chosen body's name (empty when the combo is empty).
std::string chosenBody(const QComboBox* combo);

}  // namespace contactsim::gui
