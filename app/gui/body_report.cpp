#include "body_report.h"

#include <QStringList>
#include <cmath>

#include "geometry/shell_mass_properties.h"

namespace contactsim::gui {

namespace {

const char* kBadColour = "#d04040";
const char* kGoodColour = "#2a8a3a";

// Relative size below which a computed value is round-off, shown as 0 rather than 1e-18.
constexpr double kRoundOff = 1e-12;

// `zero_below`: magnitudes below it are round-off of a quantity of that size and print as 0.
QString number(double value, double zero_below = 0.0, int precision = 6) {
  if (std::abs(value) < zero_below) value = 0.0;
  return QString::number(value, 'g', precision);
}

QString vector(const Vec3& v, double zero_below = 0.0) {
  return QStringLiteral("(%1, %2, %3)")
      .arg(number(v.x(), zero_below), number(v.y(), zero_below), number(v.z(), zero_below));
}

QString coloured(const QString& text, bool good) {
  return QStringLiteral("<span style='color:%1'>%2</span>")
      .arg(good ? kGoodColour : kBadColour, text.toHtmlEscaped());
}

// A count that should be zero for a clean mesh.
QString problemCount(std::size_t count) { return coloured(QString::number(count), count == 0); }

QString row(const QString& label, const QString& value_html) {
  return QStringLiteral("<tr><td>%1</td><td>&nbsp;%2</td></tr>")
      .arg(label.toHtmlEscaped(), value_html);
}

QString heading(const QString& title) {
  return QStringLiteral("<h4 style='margin-top:10px; margin-bottom:2px'>%1</h4>")
      .arg(title.toHtmlEscaped());
}

QString validationTable(const Body& body) {
  const TriMesh& mesh = body.imported.mesh;
  const Box3& box = mesh.bounds();
  QString rows;
  rows += row("Triangles", QString::number(mesh.triangleCount()));
  rows += row("Vertices (welded)", QStringLiteral("%1 of %2 read")
                                       .arg(mesh.vertexCount())
                                       .arg(body.imported.weld.input_vertices));
  rows += row("Degenerate triangles", problemCount(mesh.degenerateTriangleCount()));
  rows += row("Boundary edges", problemCount(mesh.boundaryEdgeCount()));
  rows += row("Non-manifold edges", problemCount(mesh.nonManifoldEdgeCount()));
  rows += row("Orientation", coloured(mesh.consistentlyOriented() ? "consistent" : "inconsistent",
                                      mesh.consistentlyOriented()));
  rows += row("Watertight", coloured(mesh.watertight() ? "yes" : "no", mesh.watertight()));
  rows += row("Bounding box min (m)", vector(box.min()));
  rows += row("Bounding box max (m)", vector(box.max()));
  return "<table>" + rows + "</table>";
}

QString inertiaMatrix(const Mat3& inertia) {
  const double zero_below = kRoundOff * inertia.cwiseAbs().maxCoeff();
  QString rows;
  for (int i = 0; i < 3; ++i) {
    rows += QStringLiteral(
                "<tr><td align='right'>%1</td><td align='right'>&nbsp;%2</td>"
                "<td align='right'>&nbsp;%3</td></tr>")
                .arg(number(inertia(i, 0), zero_below, 5), number(inertia(i, 1), zero_below, 5),
                     number(inertia(i, 2), zero_below, 5));
  }
  return "<table>" + rows + "</table>";
}

QString massTable(const Body& body) {
  const MassProperties& mass = body.mass;
  QString rows;
  rows += row("Density (kg/m³)", number(body.density));
  rows += row("Volume (m³)", number(mass.volume));
  rows += row("Mass (kg)", number(mass.mass));
  rows += row("Centroid (m)", vector(mass.centroid, kRoundOff * body.imported.mesh.scale()));
  rows += row("Method", coloured(toString(mass.method), mass.exact()));
  // For a surface that does not enclose the part exactly, the thickness of a sheet with the same
  // volume: a thin-walled part (a casting's skin, a sheet-metal export) whose wall is thinner
  // than this weighs less than the capped volume says (mesh.shell_thickness in the scene).
  const double area = surfaceArea(body.imported.mesh);
  rows += row("Surface area (m²)", number(area));
  if (!mass.exact() && area > 0.0) {
    rows +=
        row("Sheet of equal volume",
            coloured(QStringLiteral("%1 mm thick").arg(number(1e3 * mass.volume / area, 0.0, 3)),
                     false));
  }
  QString html = "<table>" + rows + "</table>";
  html += "<p style='margin-bottom:2px'>Inertia about the centroid (kg·m²):</p>";
  html += inertiaMatrix(mass.inertia);
  if (!mass.warnings.empty()) {
    QStringList items;
    for (const std::string& warning : mass.warnings) {
      items << "<li>" + coloured(QString::fromStdString(warning), false) + "</li>";
    }
    html += "<p style='margin-bottom:2px'>Warnings:</p><ul>" + items.join("") + "</ul>";
  }
  return html;
}

}  // namespace

QString bodyReportHtml(const Body& body) {
  QString html = QStringLiteral("<h3>%1</h3>").arg(body.name.toHtmlEscaped());
  html +=
      QStringLiteral("<p>%1<br>units %2, scale %3</p>")
          .arg(body.path.toHtmlEscaped(), toString(body.options.units), number(body.options.scale));
  html += heading("Mesh validation") + validationTable(body);
  html += heading("Mass properties") + massTable(body);
  return html;
}

}  // namespace contactsim::gui
