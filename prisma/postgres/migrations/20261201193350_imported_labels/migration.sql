-- AlterTable
ALTER TABLE "labels" ADD COLUMN     "imported_from" TEXT;

