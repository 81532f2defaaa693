// The pressure colour map and its colour bar: viridis (perceptually uniform, readable by colour-
// blind viewers, dark for low and yellow for high), a vtkScalarBarActor titled with the unit
// chosen for the range (Pa, kPa, MPa, GPa) and labelled at 1–2–5 steps of it.
#pragma once

#include <vtkSmartPointer.h>

#include <string>
#include <utility>

#include "body_palette.h"

class vtkLookupTable;
class vtkRenderer;
class vtkScalarBarActor;

namespace contactsim::render {

class PressureLegend {
 public:
  // Adds the bar (hidden) to `renderer` as a 2-D actor at the view's right edge.
  explicit PressureLegend(vtkRenderer* renderer);
  ~PressureLegend();
  PressureLegend(const PressureLegend&) = delete;
  PressureLegend& operator=(const PressureLegend&) = delete;

  // The range (Pa) colours span, 0 ≤ low < high; `note` is a second title line ("run max …").
  void setRange(double low, double high, const std::string& note);
  std::pair<double, double> range() const { return {low_, high_}; }  // Pa
  // The colour of a pressure (Pa), clamped to the range.
  Rgb colour(double pressure) const;

  void setVisible(bool visible);
  bool visible() const;
  vtkScalarBarActor* bar() const;
  std::string title() const;

 private:
  vtkRenderer* renderer_;
  vtkSmartPointer<vtkLookupTable> table_;  // in the displayed unit (table_->GetRange())
  vtkSmartPointer<vtkScalarBarActor> bar_;
  double low_ = 0.0, high_ = 1.0, unit_ = 1.0;  // Pa, Pa, Pa per displayed unit
};

}  // namespace contactsim::render
