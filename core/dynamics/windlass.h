// A windlass: the paid-out, unstretched length L0(t) of a chain, hauled in (or paid out) at a set
// speed with an acceleration ramp, slowing to a stall as the chain tension nears the stall
// tension, and held by its brake once the stop length is reached (docs/chain.md, "Windlass").
#pragma once

#include <limits>

#include "geometry/state_archive.h"

namespace contactsim {

struct WindlassSettings {
  double speed = 0.0;        // m/s of chain at full power, > 0
  double ramp_time = 1.0;    // s from rest to `speed` (acceleration speed/ramp_time); 0: none
  double stop_length = 0.0;  // m of paid-out chain at which the brake sets, > 0
  // Hauling slows linearly from full speed at (1 − stall_band)·stall_tension to zero at
  // stall_tension (N); paying out never stalls.
  double stall_tension = std::numeric_limits<double>::infinity();
  double stall_band = 0.1;  // fraction of stall_tension, in (0, 1)
  // Housing: over the last `housing_length` metres before the stop length the windlass runs at
  // `housing_speed` (≤ speed), the low speed of a multi-speed windlass that brings the anchor home
  // gently; reached at the ramp's deceleration. 0 m: none.
  double housing_speed = std::numeric_limits<double>::infinity();
  double housing_length = 0.0;
};

// The windlass state advances only on accepted steps (accept()); within a step the speed is
// held constant over the step, so L0(t) = L0_n − σ·u·(t − t_n) with u = u_cmd(t)·f(T): a
// backward-Euler choice that lets the chain solve its tension and the stall together.
class Windlass {
 public:
  // Throws std::invalid_argument for settings outside the ranges above or initial_length ≤ 0.
  Windlass(const WindlassSettings& settings, double initial_length);

  // σ: +1 while hauling in (L0 falls towards stop_length), −1 while paying out.
  double direction() const { return direction_; }
  // Paid-out length L0 at the last accepted step.
  double length() const { return length_; }
  // Chain speed u ≥ 0 over the last accepted step, and the speed commanded then (u before the
  // stall factor: the acceleration limit applies to it, so a stalled windlass picks up again as
  // soon as the tension falls).
  double speed() const { return speed_; }
  double command() const { return command_; }
  double lastTime() const { return time_; }
  bool braked() const { return !(remaining() > 0.0); }

  // Speed the windlass would run at over [t_n, t] without load: the acceleration limit
  // u_cmd,n + a·(t − t_n), the set speed, the braking curve √(2·a·r) that stops it at the stop
  // length r metres away with deceleration a, the housing speed within housing_length of it
  // (reached on the curve √(u_h² + 2·a·(r − housing_length)) before), and r/(t − t_n) so that one
  // step never passes it.
  double commandedSpeed(double t) const;

  // Fraction of the commanded speed left at chain tension T, f(T) = clamp((T_s − T)/(β·T_s), 0, 1)
  // while hauling (1 while paying out), with its slope df/dT.
  struct StallFactor {
    double value;
    double slope;
  };
  StallFactor stallFactor(double tension) const;
  double stallTension() const { return settings_.stall_tension; }
  double stallBandWidth() const { return settings_.stall_band * settings_.stall_tension; }

  // Paid-out length at t when the chain runs at `speed` over the whole step.
  double lengthAt(double t, double speed) const;
  // The step ending at t is accepted with `command` = commandedSpeed(t) and chain speed
  // `speed` = command·f(T) over it.
  void accept(double t, double command, double speed);
  // What accept() carries to the next step, for a checkpoint (geometry/state_archive.h).
  void save(StateWriter& out) const;
  void restore(StateReader& in);

 private:
  double remaining() const { return direction_ * (length_ - settings_.stop_length); }

  WindlassSettings settings_;
  double acceleration_;  // m/s², infinite without a ramp
  double direction_;
  double length_;
  double speed_ = 0.0, command_ = 0.0;
  double time_ = 0.0;
};

}  // namespace contactsim
