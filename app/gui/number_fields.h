// A row of number entries for one scene field (a point, an axis, a cable length): shows the
// file's numbers and reads them back as finite numbers, or gives the one-line error naming the
// field and the entry that is not one. Text entries rather than spin boxes so that a value is
// shown exactly as written and no silent clamping hides a typing mistake.
#pragma once

#include <QString>
#include <QWidget>
#include <nlohmann/json.hpp>
#include <vector>

class QLineEdit;

namespace contactsim::gui {

class NumberFields : public QWidget {
  Q_OBJECT

 public:
  // `field` names the scene field in errors ("point"); `count` entries (1: a scalar).
  NumberFields(QString field, int count, QWidget* parent = nullptr);

  // Shows `values` (a number when count is 1, else an array of count numbers); anything else
  // shows `fallback` (empty entries when `fallback` is empty).
  void setValues(const nlohmann::json& values, const std::vector<double>& fallback = {});
  // The numbers: a number when count is 1, else an array. With `optional`, all entries empty
  // give null. Otherwise false, with `error` like "point.y: expected a finite number, got 'a'".
  bool read(nlohmann::json& out, QString& error, bool optional = false) const;

  QLineEdit* entry(int i) const { return entries_.at(static_cast<std::size_t>(i)); }
  int count() const { return static_cast<int>(entries_.size()); }

 private:
  QString field_;
  std::vector<QLineEdit*> entries_;
};

// The shortest text that reads back as exactly `value`.
QString numberText(double value);

}  // namespace contactsim::gui
