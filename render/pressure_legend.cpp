#include "pressure_legend.h"

#include <vtkDoubleArray.h>
#include <vtkLookupTable.h>
#include <vtkNew.h>
#include <vtkRenderer.h>
#include <vtkScalarBarActor.h>
#include <vtkTextProperty.h>

#include <algorithm>
#include <array>
#include <cmath>

#include "engineering_format.h"

namespace contactsim::render {
namespace {

// Matplotlib's viridis sampled at 0, 1/8, …, 1; linear in between is indistinguishable from it.
constexpr std::array<Rgb, 9> kViridis{{{0.267, 0.005, 0.329},
                                       {0.279, 0.175, 0.483},
                                       {0.230, 0.322, 0.546},
                                       {0.173, 0.449, 0.558},
                                       {0.128, 0.567, 0.551},
                                       {0.153, 0.682, 0.502},
                                       {0.361, 0.786, 0.388},
                                       {0.667, 0.862, 0.196},
                                       {0.993, 0.906, 0.144}}};
constexpr int kTableSize = 256;
constexpr int kMaxTicks = 6;

void styleText(vtkTextProperty& text, int size, bool bold) {
  text.SetColor(0.95, 0.95, 0.95);
  text.SetFontSize(size);
  text.SetBold(bold);
  text.SetItalic(false);
  text.ShadowOn();
}

}  // namespace

PressureLegend::PressureLegend(vtkRenderer* renderer)
    : renderer_(renderer),
      table_(vtkSmartPointer<vtkLookupTable>::New()),
      bar_(vtkSmartPointer<vtkScalarBarActor>::New()) {
  table_->SetNumberOfTableValues(kTableSize);
  for (int i = 0; i < kTableSize; ++i) {
    const double s = double(i) / (kTableSize - 1) * (kViridis.size() - 1);
    const std::size_t k = std::min<std::size_t>(static_cast<std::size_t>(s), kViridis.size() - 2);
    const double f = s - double(k);
    const Rgb& a = kViridis[k];
    const Rgb& b = kViridis[k + 1];
    table_->SetTableValue(i, a.r + f * (b.r - a.r), a.g + f * (b.g - a.g), a.b + f * (b.b - a.b),
                          1.0);
  }
  table_->SetTableRange(0.0, 1.0);
  bar_->SetLookupTable(table_);
  bar_->SetOrientationToVertical();
  bar_->GetPositionCoordinate()->SetCoordinateSystemToNormalizedViewport();
  // Labels left of the bar, the bar at the right edge; the title is centred over both and must
  // not run off the view in a small window.
  bar_->SetPosition(0.82, 0.20);
  bar_->SetWidth(0.12);
  bar_->SetHeight(0.60);
  bar_->SetMaximumWidthInPixels(150);
  bar_->SetBarRatio(0.3);
  bar_->SetTextPositionToPrecedeScalarBar();
  bar_->SetTextPad(4);              // the labels clear of the bar
  bar_->UnconstrainedFontSizeOn();  // the sizes below, not the bar's width, set the text size
  styleText(*bar_->GetTitleTextProperty(), 15, true);
  styleText(*bar_->GetLabelTextProperty(), 14, false);
  bar_->SetLabelFormat("%.4g");
  bar_->SetUseCustomLabels(true);
  bar_->DrawTickLabelsOn();
  bar_->SetVerticalTitleSeparation(6);
  bar_->PickableOff();
  bar_->SetVisibility(false);
  renderer_->AddActor2D(bar_);
  setRange(0.0, 1.0, "");
}

PressureLegend::~PressureLegend() { renderer_->RemoveActor2D(bar_); }

void PressureLegend::setRange(double low, double high, const std::string& note) {
  if (!std::isfinite(low) || !std::isfinite(high) || !(low >= 0.0) || !(low < high)) return;
  low_ = low;
  high_ = high;
  const SiPrefix prefix = siPrefixFor(high);
  unit_ = prefix.factor;
  table_->SetTableRange(low / unit_, high / unit_);
  vtkNew<vtkDoubleArray> labels;
  for (const double t : niceTicks(low / unit_, high / unit_, kMaxTicks)) labels->InsertNextValue(t);
  bar_->SetCustomLabels(labels);
  std::string title = "Pressure (" + std::string(prefix.name) + "Pa)";
  if (!note.empty()) title += "\n" + note;
  bar_->SetTitle(title.c_str());
}

Rgb PressureLegend::colour(double pressure) const {
  double rgb[3] = {0.0, 0.0, 0.0};
  // NaN would index nothing sensible: the bottom of the map.
  table_->GetColor(std::isfinite(pressure) ? pressure / unit_ : low_ / unit_, rgb);
  return {rgb[0], rgb[1], rgb[2]};
}

void PressureLegend::setVisible(bool visible) { bar_->SetVisibility(visible); }

vtkScalarBarActor* PressureLegend::bar() const { return bar_; }

bool PressureLegend::visible() const { return bar_->GetVisibility() != 0; }

std::string PressureLegend::title() const { return bar_->GetTitle() ? bar_->GetTitle() : ""; }

}  // namespace contactsim::render
