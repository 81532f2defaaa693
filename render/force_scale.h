// How long a force arrow is drawn: linear in N per metre, or logarithmic, clamped to a maximum.
#pragma once

namespace contactsim::render {

struct ForceScale {
  double newtons_per_metre = 100.0;  // linear: a force of this many N is drawn 1 m long
  // Logarithmic: length = (knee / newtons_per_metre) · ln(1 + F / knee), i.e. linear well below
  // the knee and growing by a constant step per factor e above it (big and small forces both
  // readable in one picture).
  bool logarithmic = false;
  double log_knee_newtons = 1.0;
  double max_length = 1.0;  // m; longer arrows are clamped to this

  // Drawn length (m) of a force of magnitude `force` (N); 0 for non-positive forces.
  double length(double force) const;
};

}  // namespace contactsim::render
