#include "import_dialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFileInfo>
#include <QFormLayout>
#include <QLabel>
#include <QSettings>
#include <QVBoxLayout>

#include "scene_document.h"

namespace contactsim::gui {

namespace {

const char* kUnitsKey = "import/units";
const char* kScaleKey = "import/scale";

constexpr LengthUnit kUnits[] = {LengthUnit::Metre, LengthUnit::Centimetre, LengthUnit::Millimetre,
                                 LengthUnit::Inch};

// "linkage.obj has 3 objects", or "2 of the files hold several objects"; empty when none does.
// A file that cannot be read counts as one object: its error comes with the import.
QString describeAssemblies(const QStringList& files, MeshCache& meshes) {
  QStringList assemblies;
  std::size_t objects = 0;
  for (const QString& file : files) {
    try {
      const std::size_t n = meshes.file(file.toStdString()).objects().size();
      if (n > 1) {
        assemblies << QFileInfo(file).fileName();
        objects = n;
      }
    } catch (const std::exception&) {
    }
  }
  if (assemblies.size() == 1)
    return QStringLiteral("%1 has %2 objects").arg(assemblies[0]).arg(objects);
  if (assemblies.size() > 1)
    return QStringLiteral("%1 of the files hold several objects").arg(assemblies.size());
  return {};
}

QString describeFiles(const QStringList& files) {
  if (files.size() == 1) return QFileInfo(files.front()).fileName();
  return QStringLiteral("%1 files").arg(files.size());
}

}  // namespace

ImportDialog::ImportDialog(const QStringList& files, MeshCache& meshes, QWidget* parent)
    : QDialog(parent), units_(new QComboBox(this)), scale_(new QDoubleSpinBox(this)) {
  setWindowTitle("Import meshes");
  units_->setObjectName("units");
  scale_->setObjectName("scale");
  for (LengthUnit unit : kUnits) units_->addItem(toString(unit), static_cast<int>(unit));
  scale_->setRange(1e-6, 1e6);
  scale_->setDecimals(6);
  scale_->setToolTip("Multiplies the coordinates after the unit conversion");

  const QSettings settings;
  const int index = units_->findText(settings.value(kUnitsKey, "m").toString());
  units_->setCurrentIndex(index >= 0 ? index : 0);
  scale_->setValue(settings.value(kScaleKey, 1.0).toDouble());

  auto* form = new QFormLayout;
  form->addRow("File units", units_);
  form->addRow("Scale", scale_);
  if (const QString assemblies = describeAssemblies(files, meshes); !assemblies.isEmpty()) {
    objects_ = new QComboBox(this);
    objects_->setObjectName("objects");
    objects_->addItem("One body per object");
    objects_->addItem("One merged body");
    objects_->setToolTip(assemblies +
                         ": import each object as its own body (named after it), or "
                         "all of them as one rigid body");
    form->addRow(new QLabel(assemblies.toHtmlEscaped() + ":", this));
    form->addRow("Objects", objects_);
  }
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
  connect(buttons, &QDialogButtonBox::accepted, this, &ImportDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &ImportDialog::reject);

  auto* layout = new QVBoxLayout(this);
  layout->addWidget(new QLabel("Importing " + describeFiles(files).toHtmlEscaped(), this));
  layout->addLayout(form);
  layout->addWidget(buttons);
}

ImportOptions ImportDialog::options() const {
  ImportOptions options;
  options.units = static_cast<LengthUnit>(units_->currentData().toInt());
  options.scale = scale_->value();
  return options;
}

bool ImportDialog::bodyPerObject() const { return objects_ && objects_->currentIndex() == 0; }

void ImportDialog::accept() {
  QSettings settings;
  settings.setValue(kUnitsKey, units_->currentText());
  settings.setValue(kScaleKey, scale_->value());
  QDialog::accept();
}

}  // namespace contactsim::gui
