// Conversions of engine results into NumPy arrays and dicts: frames, body states, contacts.
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <vector>

#include "sim/simulation_frame.h"

namespace contactsim::python {

namespace py = pybind11;

// A (rows, columns) float64 array copied from row-major `values`.
py::array_t<double> matrix(const std::vector<double>& values, std::size_t columns);
// (bodies, 13): x y z qw qx qy qz vx vy vz wx wy wz per body, the state CSV's layout and sign.
py::array_t<double> bodyStates(const SimulationFrame& frame);
// (cables, 2): length, tension.
py::array_t<double> cableStates(const SimulationFrame& frame);
// One row per driven joint (scene order): position (rad or m) and effort (N·m or N).
py::array_t<double> driveStates(const SimulationFrame& frame);
// Column arrays of the frame's contact patches (one entry per patch): body_a, body_b, id,
// centroid, pressure_centre, force_point, normal, delta, delta_rate, fn, ft, area, sticking, slip.
py::dict contactArrays(const SimulationFrame& frame);
py::dict energyDict(const EnergyReport& e);
// time, bodies, cables, contacts, energy.
py::dict frameDict(const SimulationFrame& frame);

}  // namespace contactsim::python
