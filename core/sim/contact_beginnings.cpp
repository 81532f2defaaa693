#include "sim/contact_beginnings.h"

namespace contactsim {

void ContactBeginnings::add(const std::vector<ContactDiagnostics>& contacts) {
  for (const ContactDiagnostics& c : contacts) {
    if (!seen_.emplace(c.body_a, c.body_b, c.patch.id).second) continue;
    ++(c.patch.continues < 0 ? made_ : split_);
  }
}

}  // namespace contactsim
