// The properties panel's body report shows, for a surface that does not enclose the part
// exactly, its area and the thickness of a sheet of the same volume (issue 20: mass properties
// that say when they are unreliable).
#include <catch2/catch.hpp>

#include "body_report.h"
#include "geometry/primitives.h"

using namespace contactsim;

namespace {

gui::Body bodyOf(TriMesh mesh) {
  gui::Body body;
  body.name = "part";
  body.imported.mesh = std::move(mesh);
  body.mass = computeMassProperties(body.imported.mesh, body.density);
  return body;
}

}  // namespace

TEST_CASE("body report: an open box's capped volume is compared with its surface as a sheet",
          "[gui][shell]") {
  const double a = 0.2;
  const TriMesh closed = makeBox(Vec3::Constant(a / 2), 2);
  std::vector<TriangleIndices> kept;  // the box without its top (+z) face
  for (std::size_t t = 0; t < closed.triangleCount(); ++t) {
    if (closed.corner(t, 0).z() + closed.corner(t, 1).z() + closed.corner(t, 2).z() < 1.4 * a)
      kept.push_back(closed.triangles()[t]);
  }
  const gui::Body open = bodyOf(TriMesh(closed.vertices(), std::move(kept)));
  REQUIRE(open.mass.method == MassMethod::CappedHoles);
  // The cap restores the cube: V = a³ over A = 5a², a sheet 40 mm thick for a = 0.2 m.
  const QString html = gui::bodyReportHtml(open);
  CHECK(html.contains("Surface area (m²)</td><td>&nbsp;0.2<"));
  CHECK(html.contains(">40 mm thick<"));
  // A closed surface's volume is exact: no sheet comparison.
  const QString exact = gui::bodyReportHtml(bodyOf(closed));
  CHECK(exact.contains("Surface area (m²)</td><td>&nbsp;0.24<"));
  CHECK_FALSE(exact.contains("mm thick"));
}
