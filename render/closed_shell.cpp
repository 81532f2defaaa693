#include "closed_shell.h"

namespace contactsim::render {

bool isClosedOutwardShell(const TriMesh& mesh) {
  if (mesh.empty() || !mesh.watertight() || !mesh.consistentlyOriented()) return false;
  // Six times the enclosed volume (divergence theorem), signed by the winding. Taken about the
  // box centre rather than the origin: a model far from the origin loses fewer digits.
  const Vec3 centre = mesh.bounds().center();
  double six_volume = 0.0;
  for (std::size_t t = 0; t < mesh.triangleCount(); ++t) {
    const Vec3 a = mesh.corner(t, 0) - centre, b = mesh.corner(t, 1) - centre,
               c = mesh.corner(t, 2) - centre;
    six_volume += a.dot(b.cross(c));
  }
  return six_volume > 0.0;
}

}  // namespace contactsim::render
